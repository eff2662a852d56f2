/**
 * When alerts are evaluated (docs/product.md#alerts, ADR 053): after each committed write, for
 * what it touched only (a cell save: its client-year); and once a day — every year in use, the
 * agency's months, then the e-mail digest and the outbox's purge (ADR 063) — by one instance
 * only: the run takes a PostgreSQL advisory lock for its transaction (pg_try_advisory_xact_lock;
 * an instance that does not get it goes on) and records its day, so a second instance, or a second timer tick, finds it done.
 * PGlite runs the same code: one process, the lock always free.
 */
import { fiscalYearOf } from '@/domain/fiscal-year';
import type { Db, Queryable } from '@/server/db/client';
import { readFiscalSettings } from '@/server/routes/settings/settings.repo';
import type { Logger } from '@/server/lib/log';
import type { Touched } from '@/server/lib/origin';
import type { Live } from '@/server/live/hub';
import { queueDigests } from '@/server/mail/digest';
import type { Mailer } from '@/server/mail/mailer';
import { purgeOutbox } from '@/server/mail/outbox.repo';
import { alertYears, readAlertSettings } from './alerts.repo';
import { evaluateAlerts, type AlertTarget } from './evaluate';

/** The daily run's advisory lock key (any constant bigint the app owns: "BMdaily"). */
export const DAILY_LOCK_KEY = 0x424d_6461_696c;
/** The daily run's hour (local time): the morning's digest, Harvest's « morning after ». */
export const DAILY_HOUR = 7;
/** How often the timer looks whether the day's run is due. */
const TICK_MS = 15 * 60_000;

export type DailyOutcome = 'ran' | 'busy' | 'done';

export interface Alerts {
  /** After a committed write: evaluates what it touched; never throws (a failure is logged). */
  afterWrite(touched: Touched): Promise<void>;
  /** The daily run at `now`: 'ran', or 'busy' (another instance holds the lock), or 'done' (today's ran). */
  runDaily(now?: Date): Promise<DailyOutcome>;
  /** Starts the timer: a look at start, then every 15 minutes from DAILY_HOUR on. */
  startDaily(): void;
  close(): Promise<void>;
}

/** The fiscal year holding `now` and the one before (docs/product.md#fiscal-years): the years whose months may be late. */
async function recentYears(q: Queryable, now: Date): Promise<number[]> {
  const year = fiscalYearOf(await readFiscalSettings(q), now);
  return [year - 1, year];
}

const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function createAlerts({
  db,
  live,
  mail,
  log,
  now: clock = () => new Date(),
}: {
  db: Db;
  live: Live;
  mail: Mailer;
  log?: Logger;
  now?: () => Date;
}): Alerts {
  const tell = (actors: Iterable<string>) => {
    for (const actor of new Set(actors)) live.notified(actor);
  };

  function targetsOf(touched: Touched, years: readonly number[]): AlertTarget[] {
    if (touched.has(null)) return years.map((year) => ({ year, clientIds: null, agency: true }));
    return [...touched].map(([year, clients]) => ({
      year: year!,
      clientIds: clients === null ? null : [...clients],
      // A write about no one client (closing, an accounting import) may change the agency's alerts.
      agency: clients === null,
    }));
  }

  async function afterWrite(touched: Touched): Promise<void> {
    try {
      // No transaction around it: a save's evaluation is mostly reads, and on the embedded database a
      // transaction that wrote nothing still costs its commit. Each write below is safe alone (an
      // alert inserted once, `on conflict do nothing`; deletes and updates by key).
      // A save's evaluation reads its thresholds with its client's figures (one statement).
      const settings =
        touched.has(null) || [...touched.values()].includes(null) ? await readAlertSettings(db) : undefined;
      const at = clock();
      const years = touched.has(null) ? await alertYears(db, await recentYears(db, at)) : [];
      const told: string[] = [];
      for (const target of targetsOf(touched, years)) told.push(...(await evaluateAlerts(db, target, at, settings)));
      tell(told);
    } catch (err) {
      // The write itself is committed: its alerts wait for the next write or the daily run.
      log?.error('Évaluation des alertes après une écriture', err);
    }
  }

  async function runDaily(now = clock()): Promise<DailyOutcome> {
    const result = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ ok: boolean }>(`select pg_try_advisory_xact_lock($1::bigint) as ok`, [
        DAILY_LOCK_KEY,
      ]);
      if (!rows[0]!.ok) return { outcome: 'busy' as const, told: [], mails: 0, purged: 0 };
      const day = await tx.query(`insert into daily_runs (day) values ($1::date) on conflict do nothing`, [
        localDay(now),
      ]);
      if (day.rowCount === 0) return { outcome: 'done' as const, told: [], mails: 0, purged: 0 };
      const settings = await readAlertSettings(tx);
      const told: string[] = [];
      for (const year of await alertYears(tx, await recentYears(tx, now))) {
        told.push(...(await evaluateAlerts(tx, { year, clientIds: null, agency: true }, now, settings)));
      }
      const mails = mail.enabled ? await queueDigests(tx, now, mail.link) : 0;
      // Sent and given-up mails of more than 30 days go, with or without SMTP_URL now (ADR 063).
      const purged = await purgeOutbox(tx, now);
      return { outcome: 'ran' as const, told, mails, purged };
    });
    tell(result.told);
    if (result.mails > 0) mail.queued();
    if (result.outcome === 'ran')
      log?.info(
        `Tâche du jour : alertes évaluées, ${result.mails} récapitulatif(s) à envoyer, ${result.purged} ancien(s) e-mail(s) effacé(s).`,
      );
    return result.outcome;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    const now = clock();
    if (now.getHours() < DAILY_HOUR) return;
    running = runDaily(now).catch((err: unknown) => log?.error('Tâche du jour (alertes, récapitulatifs)', err));
  };

  return {
    afterWrite,
    runDaily,
    startDaily() {
      tick();
      timer = setInterval(tick, TICK_MS);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
