import type { RequestHandler } from 'express';
import { devMailboxQuery, devRoutes } from '@shared/contracts/dev';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import { escapeHtml, PRODUCT_NAME } from './mail.compose';
import type { DevMailbox, MailboxEntry } from './mail.mailbox';

/** The page's filter is optional: an empty box (the form sent as is) shows everyone's mail. */
const mailboxPageQuery = devMailboxQuery.partial();

export function createDevMailboxHandlers(devMailbox: DevMailbox) {
  const listMail: RequestHandler = async (req, res) => {
    const { to } = parseInput(devRoutes.mailbox.query, req.query);
    reply(res, devRoutes.mailbox, await devMailbox.list(to));
  };

  const showMailboxPage: RequestHandler = async (req, res) => {
    const { to } = parseInput(mailboxPageQuery, req.query.to === '' ? {} : req.query);
    res.set('Cache-Control', 'no-store');
    res.type('html').send(renderMailboxPage(to, await devMailbox.list(to)));
  };

  return { listMail, showMailboxPage };
}

/** Plain markup, every value escaped; no script or style, so the app's strict CSP holds. */
function renderMailboxPage(to: string | undefined, entries: MailboxEntry[]): string {
  const scope = to ? ` to ${escapeHtml(to)}` : '';
  const list =
    entries.length === 0
      ? `<p>No mail${scope} yet.</p>`
      : entries
          .map(
            (entry) => `<article>
<h2>${escapeHtml(entry.subject)}</h2>
<p>To <a href="/dev/mailbox?to=${encodeURIComponent(entry.to)}">${escapeHtml(entry.to)}</a> · <time datetime="${entry.createdAt.toISOString()}">${entry.createdAt.toISOString()}</time></p>
${
  entry.links.length > 0
    ? `<ul>\n${entry.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('\n')}\n</ul>`
    : ''
}
<pre>${escapeHtml(entry.text)}</pre>
</article>`,
          )
          .join('\n<hr>\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Developer mailbox · ${PRODUCT_NAME}</title>
</head>
<body>
<main>
<h1>Developer mailbox</h1>
<p>Mail ${PRODUCT_NAME} would have sent: SMTP_URL is not set, so it is kept here. Newest first.</p>
<form method="get" action="/dev/mailbox">
<label>To <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label>
<button type="submit">Show</button>
</form>
${list}
</main>
</body>
</html>
`;
}
