import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

/** Test-only: a real SMTP server on loopback that keeps what it receives. */

export interface ReceivedMail {
  /** Header names lower-cased; folded lines joined. */
  headers: Record<string, string>;
  /** Decoded parts of a multipart/alternative body (or the one body), keyed by media type. */
  parts: Record<string, string>;
  envelopeTo: string[];
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Messages offered (MAIL FROM), refused ones included. */
  attempts(): number;
  /** Answers the next `count` messages 451 (try again later), as a busy or greylisting server does. */
  refuseNext(count: number): void;
  /** Resolves once `count` messages were received; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** `acceptAfterMs`: how long the server takes to accept each message, as a real one over a network does. */
export async function startTestSmtpServer(options: { acceptAfterMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  let refusals = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (a self-signed certificate the client would refuse), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      if (refusals > 0) {
        refusals -= 1;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            ...parseMessage(Buffer.concat(chunks).toString('latin1')),
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        }, options.acceptAfterMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    refuseNext(count) {
      refusals = count;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${received.length} of ${count} mails arrived within ${timeoutMs} ms`);
        }
        await sleep(50);
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Bytes (as latin-1 text) of a quoted-printable or base64 part, as UTF-8 text with \n line ends. */
function decodeBody(body: string, encoding: string | undefined): string {
  let bytes = body;
  if (encoding === 'base64') bytes = Buffer.from(body, 'base64').toString('latin1');
  if (encoding === 'quoted-printable') {
    bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

function splitHead(entity: string): { headers: Record<string, string>; body: string } {
  const end = entity.indexOf('\r\n\r\n');
  const head = end === -1 ? entity : entity.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end === -1 ? '' : entity.slice(end + 4) };
}

/** Just enough MIME for what nodemailer writes: one level of multipart, 7bit, quoted-printable or base64. */
export function parseMessage(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const { headers, body } = splitHead(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const entities = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitHead(part.replace(/^\r\n/, '').replace(/\r\n$/, '')))
    : [{ headers, body }];
  const parts: Record<string, string> = {};
  for (const entity of entities) {
    const type = (entity.headers['content-type'] ?? 'text/plain').split(';')[0].trim().toLowerCase();
    parts[type] = decodeBody(entity.body, entity.headers['content-transfer-encoding']?.toLowerCase());
  }
  return { headers, parts };
}
