/**
 * Public surface of the mail module: the queue every mail goes through (built once, in createApp),
 * the product's mail layout, and the developer mailbox that keeps mail when there is no SMTP server.
 */
export { composeMail, type MailAttachment, type OutgoingMail } from './mail.compose';
export { createMailService, MAIL_QUEUE_POLICY, type MailService, type MailServiceDeps } from './mail.service';
export { createDevMailbox, type DevMailbox } from './mail.mailbox';
