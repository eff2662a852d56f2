/**
 * The mailer (docs/product.md#e-mail, ADR 053): sends what waits in the outbox through SMTP_URL
 * (nodemailer), never inside a write's transaction. Woken after a commit that queued mail, and
 * every `pollMs` for the retries; a failure is logged and the mail tried again later (1, 2, 4 …
 * minutes, at most 6 h apart, given up after MAX_ATTEMPTS). Without SMTP_URL there is no mailer:
 * `enabled` is false and nothing is ever queued.
 */
import nodemailer from 'nodemailer';
import type { Db } from '@/server/db/client';
import type { Logger } from '@/server/lib/log';
import { claimDue, markFailed, markSent } from './outbox.repo';

export interface Mailer {
  /** Whether mail is on (SMTP_URL set): routes queue mail only then. */
  readonly enabled: boolean;
  /** The tool's address the mails link to. */
  readonly link: string;
  /** Mail was queued and committed: send it soon (returns at once). */
  queued(): void;
  /** Sends every mail due at `now`; resolves once the outbox has nothing due left (tests, the poll). */
  drain(now?: Date): Promise<void>;
  close(): Promise<void>;
}

export const MAX_ATTEMPTS = 10;
/** How long a claimed mail is left to its sender before another try may take it. */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;

/** The wait before the next try after `attempts` failed ones: 1, 2, 4 … minutes, at most 6 h. */
export const retryDelayMs = (attempts: number) => Math.min(2 ** (attempts - 1) * 60_000, 6 * 3_600_000);

/** No SMTP_URL: nothing queued, nothing sent. */
export const noMailer = (link = ''): Mailer => ({
  enabled: false,
  link,
  queued: () => undefined,
  drain: async () => undefined,
  close: async () => undefined,
});

export interface MailerOptions {
  db: Db;
  smtpUrl: string;
  /** The sender; default budget-marges@ the SMTP host. */
  from?: string;
  /** PUBLIC_URL (or the listening address): the link every mail ends with. */
  link: string;
  log?: Logger;
  /** How often due retries are looked for; 0: never by itself (tests drive `drain`). */
  pollMs?: number;
}

export function createMailer({ db, smtpUrl, from, link, log, pollMs = 60_000 }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const sender = from ?? `Budget & Marges <budget-marges@${new URL(smtpUrl).hostname}>`;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function sendDue(now: Date): Promise<void> {
    for (;;) {
      const batch = await claimDue(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          await transport.sendMail({ from: sender, to: mail.recipient, subject: mail.subject, text: mail.body });
          await markSent(db, mail.id, new Date());
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const giveUp = mail.attempts >= MAX_ATTEMPTS;
          const next = giveUp ? null : new Date(now.getTime() + retryDelayMs(mail.attempts));
          await markFailed(db, mail.id, message, next);
          const what = `E-mail à ${mail.recipient} (« ${mail.subject} ») non envoyé, essai ${mail.attempts}`;
          if (giveUp) log?.error(`${what} : abandonné après ${MAX_ATTEMPTS} essais.`, err);
          else log?.warn(`${what} : ${message} — nouvel essai à ${next!.toISOString()}.`);
        }
      }
    }
  }

  /** One drain at a time; a wake-up during one runs another after it. */
  function drain(now?: Date): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await sendDue(now ?? new Date());
        } while (again && !closed);
      } catch (err) {
        log?.error('Envoi des e-mails interrompu (base de données)', err);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = pollMs > 0 ? setInterval(() => void drain(), pollMs) : undefined;
  timer?.unref();

  return {
    enabled: true,
    link,
    queued: () => {
      if (!closed) void drain();
    },
    drain,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
