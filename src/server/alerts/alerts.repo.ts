/**
 * SQL of alerts (docs/product.md#alerts, ADR 053): the admin's thresholds, the figures the rules
 * read (per pole and month, from the dashboard sums of migration 0006), the months closed and
 * imported, the active alerts, and who is told of a new one.
 */
import { NO_ALERTS, type ActiveAlert, type AlertKind, type AlertSettings, type PoleMonth } from '@/domain/alerts';
import type { Cents } from '@/domain/money';
import type { Queryable } from '@/server/db/client';

export async function readAlertSettings(q: Queryable): Promise<AlertSettings> {
  const { rows } = await q.query<{ document: AlertSettings | string }>(`select document from alert_settings`);
  const doc = rows[0]?.document;
  if (doc === undefined) return NO_ALERTS;
  return { ...NO_ALERTS, ...(typeof doc === 'string' ? (JSON.parse(doc) as AlertSettings) : doc) };
}

export async function writeAlertSettings(q: Queryable, settings: AlertSettings, actor: string): Promise<void> {
  await q.query(
    `insert into alert_settings (id, document, updated_by) values (true, $1::jsonb, $2)
     on conflict (id) do update set document = excluded.document, updated_at = now(), updated_by = excluded.updated_by`,
    [JSON.stringify(settings), actor],
  );
}

/**
 * Each pole's figures per month (cents) for the clients of a year (null: every client): the
 * dashboard's running sums, January to the month, taken apart month by month.
 */
export async function poleMonths(
  q: Queryable,
  year: number,
  clientIds: readonly string[] | null,
): Promise<Map<string, PoleMonth[]>> {
  // alert_figures (migration 0024): one text value, planned once per connection.
  const { rows } = await q.query<{ figures: string | null }>(
    `select alert_figures($1, ${clientIds === null ? 'array(select client_id from client_years where year = $1)' : '$2::uuid[]'}) as figures`,
    clientIds === null ? [year] : [year, clientIds],
  );
  return toPoleMonths(rows[0]?.figures ?? null);
}

/**
 * alert_figures' text (migration 0024: `client,pole,month,previsionnel,achat_previsionnel,reel,achat`
 * per pole-month, `;` between them, by client, pole and month; null: none), the running sums taken
 * apart month by month, per client.
 */
function toPoleMonths(text: string | null): Map<string, PoleMonth[]> {
  const byClient = new Map<string, PoleMonth[]>();
  let previous: { pole: string; sums: number[] } | null = null;
  for (const row of text ? text.split(';') : []) {
    const [clientId, poleId, month, ...figures] = row.split(',') as [string, string, string, ...string[]];
    const sums = figures.map(Number);
    const before = previous?.pole === poleId ? previous.sums : [0, 0, 0, 0];
    const [p, ap, re, a] = sums.map((s, i) => s - before[i]!) as [number, number, number, number];
    previous = { pole: poleId, sums };
    const list = byClient.get(clientId) ?? [];
    list.push({
      poleId,
      month: Number(month),
      previsionnel: p as Cents,
      achatPrevisionnel: ap as Cents,
      reel: re as Cents,
      achat: a as Cents,
    });
    byClient.set(clientId, list);
  }
  return byClient;
}

/** The clients holding a year (their client-year row). */
export async function clientsOfYear(q: Queryable, year: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`select client_id::text as id from client_years where year = $1`, [
    year,
  ]);
  return rows.map((r) => r.id);
}

export async function yearHasClients(q: Queryable, year: number): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>(`select exists (select 1 from client_years where year = $1) as ok`, [
    year,
  ]);
  return rows[0]!.ok;
}

/** The months of a year closed, and those an accounting import wrote or covered. */
export async function monthsDone(q: Queryable, year: number): Promise<{ closed: Set<number>; imported: Set<number> }> {
  const { rows: closed } = await q.query<{ month: number }>(`select month from month_locks where year = $1`, [year]);
  const { rows: imported } = await q.query<{ month: number }>(
    `select distinct x.month from accounting_imports f,
       lateral (select unnest(f.written_months)::int as month
                union select generate_series((f.months->'covered'->>'first')::int, (f.months->'covered'->>'last')::int)) x
      where f.year = $1`,
    [year],
  );
  return {
    closed: new Set(closed.map((r) => Number(r.month))),
    imported: new Set(imported.map((r) => Number(r.month))),
  };
}

/** The years the daily run evaluates: those of `recent` holding client-years, and those with an active alert. */
export async function alertYears(q: Queryable, recent: readonly number[]): Promise<number[]> {
  const { rows } = await q.query<{ year: number }>(
    `select distinct year from client_years where year = any($1::smallint[])
     union select distinct year from alerts order by 1`,
    [recent],
  );
  return rows.map((r) => Number(r.year));
}

export interface StoredAlert extends ActiveAlert {
  key: string;
  since: Date;
  repeatedAt: Date | null;
}

interface RawAlert {
  key: string;
  kind: AlertKind;
  client_id: string | null;
  year: number;
  pole_id: string | null;
  month: number | null;
  since: Date | string;
  value: string;
  threshold: string;
  repeated_at: Date | string | null;
}
const toStored = (r: RawAlert): StoredAlert => ({
  key: r.key,
  kind: r.kind,
  clientId: r.client_id,
  year: Number(r.year),
  poleId: r.pole_id,
  month: r.month === null ? null : Number(r.month),
  since: new Date(r.since),
  value: Number(r.value),
  threshold: Number(r.threshold),
  repeatedAt: r.repeated_at === null ? null : new Date(r.repeated_at),
});
const ALERT_COLUMNS = `key, kind, client_id::text, year, pole_id::text, month, since, value::text, threshold::text, repeated_at`;

/**
 * The stored alerts of a year: of these clients' figures (null: every client), and the agency's
 * when `agency`.
 */
export async function storedAlerts(
  q: Queryable,
  year: number | null,
  clientIds: readonly string[] | null,
  agency: boolean,
): Promise<StoredAlert[]> {
  const { rows } = await q.query<RawAlert>(
    `select ${ALERT_COLUMNS} from alerts
      where ($1::smallint is null or year = $1)
        and (case when client_id is null then $3 else $2::uuid[] is null or client_id = any($2::uuid[]) end)
      order by year, client_id is null, kind, client_id, month, pole_id`,
    [year, clientIds, agency],
  );
  return rows.map(toStored);
}

/** Inserts new alerts (fired at `now`); returns the keys this call inserted (another may have first). */
export async function insertAlerts(q: Queryable, alerts: readonly (ActiveAlert & { key: string })[], now: Date) {
  if (alerts.length === 0) return new Set<string>();
  const { rows } = await q.query<{ key: string }>(
    `insert into alerts (key, kind, client_id, year, pole_id, month, value, threshold, since)
     select *, $9::timestamptz from unnest($1::text[], $2::text[], $3::uuid[], $4::smallint[], $5::uuid[], $6::smallint[],
                                          $7::bigint[], $8::bigint[])
     on conflict (key) do nothing returning key`,
    [
      alerts.map((a) => a.key),
      alerts.map((a) => a.kind),
      alerts.map((a) => a.clientId),
      alerts.map((a) => a.year),
      alerts.map((a) => a.poleId),
      alerts.map((a) => a.month),
      alerts.map((a) => a.value),
      alerts.map((a) => a.threshold),
      now,
    ],
  );
  return new Set(rows.map((r) => r.key));
}

/** An active alert's figures moved (it stays the same alert, told once). */
export async function updateAlertValues(q: Queryable, alerts: readonly (ActiveAlert & { key: string })[]) {
  if (alerts.length === 0) return;
  await q.query(
    `update alerts a set value = v.value, threshold = v.threshold
       from unnest($1::text[], $2::bigint[], $3::bigint[]) as v(key, value, threshold) where a.key = v.key`,
    [alerts.map((a) => a.key), alerts.map((a) => a.value), alerts.map((a) => a.threshold)],
  );
}

export async function deleteAlerts(q: Queryable, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await q.query(`delete from alerts where key = any($1::text[])`, [keys]);
}

export async function markRepeated(q: Queryable, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length > 0) await q.query(`update alerts set repeated_at = $2 where key = any($1::text[])`, [keys, now]);
}

/** The names an alert's text needs: clients' and poles' (absent once deleted). */
export async function alertNames(
  q: Queryable,
  clientIds: readonly string[],
  poleIds: readonly string[],
): Promise<{ clients: Map<string, string>; poles: Map<string, string> }> {
  const { rows: clients } = await q.query<{ id: string; name: string }>(
    `select id::text, name from clients where id = any($1::uuid[])`,
    [clientIds],
  );
  const { rows: poles } = await q.query<{ id: string; name: string }>(
    `select id::text, name from expertise_poles where id = any($1::uuid[])`,
    [poleIds],
  );
  return { clients: new Map(clients.map((r) => [r.id, r.name])), poles: new Map(poles.map((r) => [r.id, r.name])) };
}

/**
 * Who is told of these alerts: the active users at the level « Tout » (the default) who see the
 * alert's client — every client for admins and users of every client, their clients for the
 * others —, admins only for the agency's alerts. Pairs of (alert key, e-mail).
 */
export async function alertRecipients(
  q: Queryable,
  alerts: readonly { key: string; clientId: string | null }[],
): Promise<{ key: string; email: string }[]> {
  if (alerts.length === 0) return [];
  const { rows } = await q.query<{ key: string; email: string }>(
    `select a.key, u.email
       from unnest($1::text[], $2::uuid[]) as a(key, client_id)
       join auth_user u on not u.disabled and (u.role = 'admin' or (a.client_id is not null and (u.all_clients
         or exists (select 1 from user_clients uc where uc.user_id = u.id and uc.client_id = a.client_id))))
       left join notification_settings s on s.actor = u.email
      where coalesce(s.level, 'all') = 'all'
      order by a.key, u.email`,
    [alerts.map((a) => a.key), alerts.map((a) => a.clientId)],
  );
  return rows;
}

export interface AlertNotification {
  recipient: string;
  text: string;
  clientId: string | null;
  year: number;
  month: number | null;
}

export async function insertAlertNotifications(q: Queryable, list: readonly AlertNotification[]): Promise<void> {
  if (list.length === 0) return;
  await q.query(
    `insert into notifications (recipient, kind, text, client_id, year, month)
     select r, 'alert', t, c, y, m from unnest($1::text[], $2::text[], $3::uuid[], $4::smallint[], $5::smallint[])
       as v(r, t, c, y, m)`,
    [
      list.map((n) => n.recipient),
      list.map((n) => n.text),
      list.map((n) => n.clientId),
      list.map((n) => n.year),
      list.map((n) => n.month),
    ],
  );
}

/**
 * What a save's evaluation reads, in one statement (a round trip is most of its cost): the
 * thresholds, these clients' stored alerts of the year, and their pole-month sums.
 */
export async function clientsSnapshot(
  q: Queryable,
  year: number,
  clientIds: readonly string[],
): Promise<{ settings: AlertSettings; stored: StoredAlert[]; figures: Map<string, PoleMonth[]> }> {
  // alert_snapshot (migration 0024): planned once per connection; no figures when no figure threshold is on.
  const { rows } = await q.query<{ settings: string | null; stored: string | null; figures: string | null }>(
    `select settings, stored, figures from alert_snapshot($1, $2::uuid[])`,
    [year, clientIds],
  );
  const r = rows[0]!;
  const settings = r.settings === null ? NO_ALERTS : { ...NO_ALERTS, ...(JSON.parse(r.settings) as AlertSettings) };
  const stored = r.stored === null ? [] : (JSON.parse(r.stored) as RawAlert[]).map(toStored);
  return { settings, stored, figures: toPoleMonths(r.figures) };
}
