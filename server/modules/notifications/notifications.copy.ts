import { jobStatusLabel, jobTitleFromSlug } from '@shared/job-display';
import { formatUsd, formatUsdRange } from '@shared/money';

/**
 * What each notification says, in the bell and as the mail's subject and first paragraph
 * (docs/product.md §11). Builders take facts, never a user's markup: mail escapes what it is given.
 */
export interface NotificationText {
  title: string;
  body: string;
}

const issueOf = (issueSlug: string) => jobTitleFromSlug(issueSlug);

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
  statusChanged: (issueSlug: string, status: string): NotificationText => ({
    title: `Your job is now ${jobStatusLabel(status)}`,
    body: `${issueOf(issueSlug)}: ${jobStatusLabel(status)}.`,
  }),
} as const;
