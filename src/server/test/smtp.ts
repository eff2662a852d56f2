/**
 * A real SMTP server (smtp-server) on 127.0.0.1 for the e-mail tests: what arrived, decoded (the
 * subject's encoded words, a quoted-printable or base64 text body), a switch that makes it refuse
 * every message (451), and a wait for the n-th message — a condition, never a sleep.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), joining adjacent ones. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const flat = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === '=' && /^[0-9A-F]{2}$/i.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parse(raw: string, to: string[], from: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQp(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to, from, subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

export async function startSmtp() {
  const inbox: ReceivedMail[] = [];
  let failing = false;
  let waiters: (() => void)[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failing) {
          callback(Object.assign(new Error('Service momentanément indisponible'), { responseCode: 451 }));
          return;
        }
        const envelope = session.envelope;
        inbox.push(
          parse(
            Buffer.concat(chunks).toString('utf8'),
            envelope.rcptTo.map((r) => r.address),
            envelope.mailFrom ? envelope.mailFrom.address : '',
          ),
        );
        callback();
        for (const w of waiters) w();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    setFailing: (on: boolean) => {
      failing = on;
    },
    /** Resolves once `count` messages have arrived in all. */
    waitFor: (count: number) =>
      new Promise<ReceivedMail[]>((resolve) => {
        const check = () => {
          if (inbox.length < count) return;
          waiters = waiters.filter((w) => w !== check);
          resolve(inbox.slice());
        };
        waiters.push(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
