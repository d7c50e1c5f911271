/** Every client route, in one place (docs/product.md#screens-and-routes). */
export const paths = {
  home: '/',
  services: '/services',
  diagnose: '/diagnose',
  book: '/book',
  dashboard: '/dashboard',
  admin: '/admin',
  /** The owner's own settings: name, phone, e-mail, password, deleting the account. */
  account: '/account',
  /** Opened from the mailed links (`?token=`) and from "Forgot password?". */
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Opened from the link mailed to a guest who booked (`?token=`). */
  confirmBooking: '/confirm-booking',
  /** A job's room (the route's pattern); links use `jobRoomPath(jobId)`. */
  jobRoom: '/jobs/:jobId',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The link to one job's room. */
export function jobRoomPath(jobId: string): string {
  return paths.jobRoom.replace(':jobId', encodeURIComponent(jobId));
}
