/**
 * Visible copy of the profile step and /account. Apart from ACCOUNT_COPY, which the shell loads
 * (the verification banner is on every page): these are read only by their own chunks.
 */
export const SETTINGS_COPY = {
  profile: {
    title: 'Complete your profile',
    description:
      'Add your full name and phone number. You need them to post a job or send a quote, ' +
      'and the people you hire or work for see them once a job is agreed.',
    name: 'Full Name',
    phone: 'Phone',
    save: 'Save Profile',
    later: 'Later',
    savedTitle: 'Profile saved',
    saved: 'Your name and phone number are saved.',
    failure: 'Failed to save your profile',
  },
  settings: {
    pageTitle: 'Account Settings',
    title: 'Account Settings',
    loadFailure: 'Failed to load your account',
    profileTitle: 'Profile',
    emailTitle: 'E-mail',
    verified: 'Verified',
    unverified: 'Not verified',
    pending: (email: string) =>
      `Pending confirmation: ${email}. We sent a link there; until you open it, we keep writing to your current address.`,
    newEmail: 'New e-mail address',
    changeEmail: 'Change E-mail',
    emailSentTitle: 'Check your new inbox',
    emailSent: (email: string) => `We sent a confirmation link to ${email}.`,
    emailFailure: 'Failed to change the e-mail address',
    passwordTitle: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changePassword: 'Change Password',
    passwordChangedTitle: 'Password changed',
    passwordChanged: 'You stay logged in here; your other devices are logged out.',
    passwordFailure: 'Failed to change the password',
    deleteTitle: 'Delete account',
    deleteDescription:
      'Your name, phone number and e-mail address are removed and nobody can log in to the account. ' +
      'Jobs, quotes and payouts stay in the records of the people you worked with.',
    deleteButton: 'Delete Account',
    deleteConfirmTitle: 'Delete your account?',
    deleteConfirmDescription: 'This cannot be undone. Enter your password to confirm.',
    deletePassword: 'Password',
    deleteConfirm: 'Delete My Account',
    cancel: 'Cancel',
    deletedTitle: 'Account deleted',
    deleted: 'Your account has been deleted.',
    deleteFailure: 'Failed to delete the account',
  },
} as const;
