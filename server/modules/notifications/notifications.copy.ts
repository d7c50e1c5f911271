import { jobStatusLabel, jobTitleFromSlug } from '@shared/job-display';
import { formatUsd, formatUsdRange } from '@shared/money';

/**
 * What each notification says, in the bell and as the mail's subject and first paragraph
 * (docs/product.md#the-job-room-messages-and-notifications). Builders take facts, never a user's markup: mail escapes what it is given.
 */
export interface NotificationText {
  title: string;
  body: string;
}

const issueOf = (issueSlug: string) => jobTitleFromSlug(issueSlug);

const otherSide = (byHomeowner: boolean) => (byHomeowner ? 'The homeowner' : 'Your plumber');

export const notificationCopy = {
  newQuote: (issueSlug: string, business: string | null, min: string, max: string): NotificationText => ({
    title: 'New quote for your job',
    body: `${business ?? 'A plumber'} quoted ${formatUsdRange(min, max)} for ${issueOf(issueSlug)}.`,
  }),
  quoteAccepted: (issueSlug: string): NotificationText => ({
    title: 'Your quote was accepted',
    body: `The homeowner accepted your quote for ${issueOf(issueSlug)}. The job is scheduled: open it for the address and the homeowner's phone.`,
  }),
  jobCancelled: (issueSlug: string): NotificationText => ({
    title: 'A job you quoted on was cancelled',
    body: `The homeowner cancelled ${issueOf(issueSlug)}.`,
  }),
  newNearbyJob: (issueSlug: string, area: string | null, emergency: boolean): NotificationText => ({
    title: emergency ? 'New emergency job near you' : 'New job near you',
    body: `${issueOf(issueSlug)}${area ? ` in ${area}` : ''}. Ask a question or send a quote.`,
  }),
  changeOrderRequested: (issueSlug: string, amount: string, reason: string): NotificationText => ({
    title: 'A change order needs your answer',
    body: `Your plumber asks for ${formatUsd(amount)} more for ${issueOf(issueSlug)}: ${reason}`,
  }),
  changeOrderDecided: (issueSlug: string, amount: string, approved: boolean): NotificationText => ({
    title: approved ? 'Your change order was approved' : 'Your change order was declined',
    body: `The homeowner ${approved ? 'approved' : 'declined'} your change order of ${formatUsd(amount)} for ${issueOf(issueSlug)}.`,
  }),
  /** `author` is how the reader may see the writer; `excerpt` the (masked) message's start. */
  newMessage: (toHomeowner: boolean, author: string, excerpt: string): NotificationText => ({
    title: toHomeowner ? 'New message about your job' : 'New message from the homeowner',
    body: `${author}: ${excerpt}`,
  }),
  /**
   * `when` is the window on the job's clock as the pages show it (formatWindowOnClock of
   * shared/time-display.ts, "Tue, Mar 10 · 8:00 AM – 10:00 AM MDT"); `byHomeowner` says who acted
   * (the reader is the other side).
   */
  rescheduleProposed: (issueSlug: string, byHomeowner: boolean, when: string): NotificationText => ({
    title: 'A new time is proposed for your appointment',
    body: `${otherSide(byHomeowner)} proposes to move ${issueOf(issueSlug)} to ${when}. Open the job to accept or decline.`,
  }),
  rescheduleAccepted: (issueSlug: string, byHomeowner: boolean, when: string): NotificationText => ({
    title: 'Your appointment was moved',
    body: `${otherSide(byHomeowner)} accepted the new time for ${issueOf(issueSlug)}: ${when}.`,
  }),
  rescheduleDeclined: (issueSlug: string, byHomeowner: boolean, when: string): NotificationText => ({
    title: 'Your proposed time was declined',
    body: `${otherSide(byHomeowner)} declined moving ${issueOf(issueSlug)} to ${when}. The appointment stays as it was.`,
  }),
  appointmentCancelled: (
    issueSlug: string,
    byHomeowner: boolean,
    when: string,
    reason: string,
    late: boolean,
  ): NotificationText => ({
    title: late ? 'Your appointment was cancelled at short notice' : 'Your appointment was cancelled',
    body: `${otherSide(byHomeowner)} cancelled the appointment for ${issueOf(issueSlug)} on ${when}${late ? ', less than 24 hours before it' : ''}: ${reason}`,
  }),
  statusChanged: (issueSlug: string, status: string): NotificationText => ({
    title: `Your job is now ${jobStatusLabel(status)}`,
    body: `${issueOf(issueSlug)}: ${jobStatusLabel(status)}.`,
  }),
  /** A problem report the reader filed was answered; `refund` only when one above zero was recorded. */
  reportAnswered: (issueSlug: string, answer: string, refund: string | null): NotificationText => ({
    title: 'Plumbline answered your report',
    body: `About ${issueOf(issueSlug)}: ${answer}${refund ? ` Refund: ${formatUsd(refund)}.` : ''}`,
  }),
  reportClosed: (issueSlug: string, answer: string | null, refund: string | null): NotificationText => ({
    title: 'Your report was closed',
    body: `Plumbline closed your report about ${issueOf(issueSlug)}.${answer ? ` ${answer}` : ''}${refund ? ` Refund: ${formatUsd(refund)}.` : ''}`,
  }),
  /** An admin recorded the transfer of the plumber's payout (its net), with the transfer's reference. */
  payoutPaid: (issueSlug: string, net: string, reference: string): NotificationText => ({
    title: 'Your payout was paid',
    body: `Payout of ${formatUsd(net)} for ${issueOf(issueSlug)} was paid (reference ${reference}).`,
  }),
} as const;
