/**
 * A file sent with a mail, as text: it travels in the queue's job, so it is kept small (an
 * appointment's .ics is a few kB; docs/decisions/030-calendar-files-and-reminders.md).
 */
export interface MailAttachment {
  filename: string;
  /** With its parameters, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
  content: string;
}

/**
 * What the queue delivers: one recipient, a subject, the same message as plain text and HTML, and
 * optional text attachments.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** What every mail's frame shows: the product, where it lives, and how to reach a person. */
export interface MailFrame {
  publicUrl: string;
  support: { email: string; phone: string };
}

export const PRODUCT_NAME = 'Plumbline';
const GREETING = 'Hello,';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value: every character that could open markup is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** http(s) addresses in plain text, in order, each once; punctuation that ends a sentence is not part of one. */
export function findLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:!?)\]]+$/, '')))];
}

/**
 * The content of a mail in the product's words: a greeting, the paragraphs, and an optional button
 * (in the text part, the label and the address on their own line). `send` puts every mail in the
 * frame (`frameMail`): the product's name above, the support footer below.
 */
export function composeMail(input: {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}): OutgoingMail {
  const { to, subject, paragraphs, action } = input;
  const text = [GREETING, ...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  const html = [
    `<p style="margin:0 0 16px">${escapeHtml(GREETING)}</p>`,
    ...paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`),
    ...(action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`,
        ]
      : []),
  ].join('\n');
  return { to, subject, text, html };
}

/**
 * Every mail as it leaves: the product's name above the content, and below it the footer with the
 * app's address and the support contact, in both parts. `mail.html` is trusted markup (composeMail
 * escapes what it is given); the subject is escaped here.
 */
export function frameMail(mail: OutgoingMail, frame: MailFrame): OutgoingMail {
  const { publicUrl, support } = frame;
  const footerLines = [
    `${PRODUCT_NAME} · ${publicUrl}`,
    `Questions? Write to ${support.email} or call ${support.phone}.`,
    `You received this e-mail because this address was used on ${PRODUCT_NAME}.`,
  ];
  const text = [PRODUCT_NAME, mail.text, `-- \n${footerLines.join('\n')}`].join('\n\n') + '\n';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1d4ed8">${PRODUCT_NAME}</p>
${mail.html}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 16px">
<p style="margin:0;font-size:12px;color:#6b7280">${PRODUCT_NAME} · <a href="${escapeHtml(publicUrl)}" style="color:#6b7280">${escapeHtml(publicUrl)}</a><br>
Questions? Write to <a href="mailto:${escapeHtml(support.email)}" style="color:#6b7280">${escapeHtml(support.email)}</a> or call ${escapeHtml(support.phone)}.<br>
${escapeHtml(footerLines[2])}</p>
</div>
</body>
</html>
`;
  return {
    to: mail.to,
    subject: mail.subject,
    text,
    html,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}
