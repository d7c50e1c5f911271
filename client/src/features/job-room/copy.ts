import type { ChangeOrderStatus, QuoteStatus, Urgency } from '@shared/constants';

/** Visible copy of the job room (messages: docs/product.md §8). The product's strings are exact. */
export const COPY = {
  pageTitle: 'Job',
  loading: 'Loading the job',
  loadFailed: "We couldn't load this job.",
  retry: 'Try Again',
  errorTitle: 'Error',
  backToDashboard: 'Back to Dashboard',
  posted: (date: string) => `Posted ${date}`,
  emergency: 'Emergency',
  details: {
    heading: 'Job Details',
    address: 'Address',
    area: 'Area',
    areaUnknown: 'Area not shown',
    appointment: 'Preferred date',
    noDate: 'No date chosen yet',
    urgency: 'Urgency',
  },
  /** docs/product.md §4: emergency → '24/7', urgent → 'Same Day', anything else → 'Scheduled'. */
  urgency: {
    emergency: { label: '24/7', description: 'Emergency service, available around the clock' },
    urgent: { label: 'Same Day', description: 'Same-day service' },
    routine: { label: 'Scheduled', description: 'Scheduled at a time that suits you' },
  } satisfies Record<Urgency, { label: string; description: string }>,
  estimate: {
    heading: "Plumbline's Estimate",
    howWePriced: 'How we priced this',
  },
  photos: {
    heading: 'Photos',
    photo: (index: number, total: number) => `Photo ${index} of ${total}`,
    add: 'Add Photos',
    hint: (max: number) =>
      `Photos help plumbers quote accurately. Add up to ${max}; they are resized on your device before upload.`,
    none: 'No photos yet.',
    count: (count: number, max: number) => `${count} of ${max} photos`,
    full: (max: number) => `This job has ${max} photos, the most it can hold. Remove one to add another.`,
    tooMany: (room: number) =>
      `Only ${room} more ${room === 1 ? 'photo fits' : 'photos fit'} on this job: the first ${room === 1 ? 'one was' : `${room} were`} added.`,
    unreadable: 'This file could not be read as an image',
    preparing: 'Preparing photos…',
    uploading: 'Uploading photos…',
    addedTitle: 'Photos Added',
    added: (count: number) =>
      `${count === 1 ? 'Your photo is' : `${count} photos are`} now on the job for plumbers to see.`,
    addFailure: 'Failed to add the photos',
    remove: (index: number, total: number) => `Remove photo ${index} of ${total}`,
    confirmTitle: 'Remove this photo?',
    confirmDescription: 'Plumbers will no longer see it. You can add it again while the job is open.',
    confirmRemove: 'Remove Photo',
    cancel: 'Cancel',
    removedTitle: 'Photo Removed',
    removeFailure: 'Failed to remove the photo',
  },
  contacts: {
    heading: 'Contacts',
    homeowner: 'Homeowner',
    yourPlumber: 'Your Plumber',
    plumber: 'Plumber',
    name: 'Name',
    phone: 'Phone',
    unnamed: 'Name not given',
    noPhone: 'No phone number given',
  },
  quotes: {
    heading: 'Quotes',
    ownHeading: 'Your Quote',
    waiting: 'Waiting for plumber quotes...',
    none: 'No quotes for this job',
    notQuoted: "You haven't quoted this job yet.",
    quoteOnDashboard: 'Quote on your dashboard',
    accept: 'Accept',
    acceptLabel: (name: string, range: string) => `Accept ${name}'s quote of ${range}`,
    status: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined' } satisfies Record<
      QuoteStatus,
      string
    >,
    verified: 'Verified',
    /** Read after "Verified" by screen readers: what the badge vouches for. */
    verifiedDetail: 'license and insurance checked by Plumbline',
    noReviews: 'No reviews yet',
    reviews: (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`,
    acceptSuccessTitle: 'Quote Accepted',
    acceptSuccessDescription: 'The plumber has been assigned to your job',
    acceptFailure: 'Failed to accept quote',
  },
  /** Who a quote, a thread or a hired plumber is shown as: the business, else the person, else 'Plumber'. */
  plumberName: (plumber: { businessName: string | null; name: string | null }) =>
    plumber.businessName ?? plumber.name ?? 'Plumber',
  messages: {
    heading: 'Messages',
    loading: 'Loading messages',
    loadFailed: "We couldn't load the messages.",
    threadsLabel: 'Conversations',
    noThreads: 'No conversations yet. Plumbers who are interested in this job can write to you here.',
    noThreadsClosed: 'No messages for this job.',
    noMessages: 'No messages yet.',
    threadLog: (name: string) => `Messages with ${name}`,
    you: 'You',
    homeowner: 'Homeowner',
    maskedNote: 'Contact details hidden',
    composerLabel: (name: string) => `Message to ${name}`,
    composerLabelPlain: 'Your message',
    placeholder: 'Write a message',
    counter: (used: number, max: number) =>
      `${used.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`,
    send: 'Send',
    sendHint: 'Ctrl + Enter sends',
    sendFailure: 'Failed to send the message',
  },
  changeOrders: {
    heading: 'Change Orders',
    /** The section's title when there are no change orders, only the final amount. */
    billing: 'Billing',
    extra: (amount: string) => `+${amount}`,
    status: { pending: 'Pending', approved: 'Approved', declined: 'Declined' } satisfies Record<
      ChangeOrderStatus,
      string
    >,
    answerOnMyJobs: 'Answer it on My Jobs',
  },
  finalAmount: (amount: string) => `Final amount: ${amount}`,
  timeline: {
    heading: 'Timeline',
    empty: 'Nothing has happened yet.',
  },
  receipt: {
    heading: 'Receipt',
    /** Printed above the receipt, where the page's header is not. */
    printedHeading: (site: string, issue: string) => `${site} receipt: ${issue}`,
    print: 'Print Receipt',
    completedOn: 'Completed',
    job: 'Job',
    issue: 'Work done',
    address: 'Address',
    homeowner: 'Homeowner',
    plumber: 'Plumber',
    license: (number: string, state: string | null) => (state ? `${number} (${state})` : number),
    licenseLabel: 'License',
    quote: 'Accepted quote',
    changeOrders: 'Approved change orders',
    agreedMax: 'Agreed maximum',
    finalAmount: 'Final amount',
  },
} as const;
