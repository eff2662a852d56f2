/**
 * SQL of versions (docs/product.md#versions-and-landing, ADR 049): a year's forecast frozen in one
 * statement, listed, read per client, made the reference, deleted. A version is never updated
 * after its creation but for its reference flag.
 */
import type { VersionSummary } from '@/domain/answers';
import type { ForecastPole, VersionBackup } from '@/domain/model';
import { centsToDecimal, decimalToCents } from '@/domain/money';
import { foldName } from '@/domain/names';
import type { Queryable } from '@/server/db/client';
import { monthValues, type PoleLineRow } from '../budget/budget.repo';

interface VersionRow {
  id: string;
  name: string;
  at: Date | string;
  actor: string;
  reference: boolean;
  client_id: string | null;
}

const COLUMNS = 'id::text, name, at, actor, reference, client_id';

function toSummary(r: VersionRow): VersionSummary {
  return {
    id: Number(r.id),
    name: r.name,
    at: new Date(r.at).toISOString(),
    by: r.actor,
    reference: r.reference,
    clientId: r.client_id,
  };
}

/**
 * Serializes the version writes of one year (two freezes naming the same version, or racing to be
 * the first, hence the reference) until the transaction ends.
 */
export async function lockYearVersions(q: Queryable, year: number): Promise<void> {
  await q.query(`select pg_advisory_xact_lock(hashtext('budget_versions'), $1)`, [year]);
}

/** The versions of `year`, oldest first. */
export async function listVersions(q: Queryable, year: number): Promise<VersionSummary[]> {
  const { rows } = await q.query<VersionRow>(`select ${COLUMNS} from budget_versions where year = $1 order by id`, [
    year,
  ]);
  return rows.map(toSummary);
}

/** One version of `year` (undefined: none, or one of another year). */
export async function findVersion(q: Queryable, year: number, id: number): Promise<VersionSummary | undefined> {
  const { rows } = await q.query<VersionRow>(`select ${COLUMNS} from budget_versions where year = $1 and id = $2`, [
    year,
    id,
  ]);
  return rows[0] && toSummary(rows[0]);
}

/** The name of the version of `year` whose folded name is `folded`, if any. */
export async function versionNamed(q: Queryable, year: number, folded: string): Promise<string | undefined> {
  const { rows } = await q.query<{ name: string }>(`select name from budget_versions where year = $1 and folded = $2`, [
    year,
    folded,
  ]);
  return rows[0]?.name;
}

/**
 * Freezes every client of `year` as a new version, in one statement (one snapshot: a cell saved
 * meanwhile is wholly before or after it): its clients' initial MB forecasts, its poles, lines and
 * their monthly forecast sales and purchases. The year's first version (none is the reference)
 * becomes its reference. Returns the version and how many clients it froze.
 */
export async function freezeVersion(
  q: Queryable,
  v: { year: number; name: string; folded: string; actor: string; clientId?: string },
): Promise<{ version: VersionSummary; clients: number }> {
  // One client's version (a validation's, docs/product.md#sign-off) holds that client only and is
  // never the reference; the year's version holds every client.
  const one = v.clientId !== undefined;
  const client = (column: string) => (one ? ` and ${column} = $5` : '');
  const { rows } = await q.query<VersionRow & { clients: number }>(
    `with v as (
       insert into budget_versions (year, name, folded, actor, reference, client_id)
       select $1, $2, $3, $4, ${one ? 'false, $5::uuid' : 'not exists (select 1 from budget_versions where year = $1 and reference), null'}
       returning id, name, at, actor, reference, client_id),
     c as (
       insert into version_clients (version_id, client_id, prevision_mb_annuelle_debut)
       select v.id, cy.client_id, cy.prevision_mb_annuelle_debut from v, client_years cy where cy.year = $1${client('cy.client_id')}
       returning 1),
     p as (
       insert into version_poles (version_id, client_id, pole_id, name, is_expanded, facture, seq)
       select v.id, p.client_id, p.id, p.name, p.is_expanded, p.facture, p.seq from v, expertise_poles p where p.year = $1${client('p.client_id')}),
     l as (
       insert into version_lines (version_id, pole_id, line_id, name, seq)
       select v.id, l.expertise_pole_id, l.id, l.name, l.seq from v, budget_line_items l where l.year = $1${
         one ? ' and l.expertise_pole_id in (select id from expertise_poles where year = $1 and client_id = $5)' : ''
       }),
     m as (
       insert into version_months (version_id, line_id, month_index, previsionnel, achat_previsionnel)
       select v.id, d.budget_line_item_id, d.month_index, d.previsionnel, d.achat_previsionnel
         from v, budget_monthly_data d where d.year = $1${
           one
             ? ` and d.budget_line_item_id in (select l.id from budget_line_items l join expertise_poles p on p.id = l.expertise_pole_id
                                                 where l.year = $1 and p.year = $1 and p.client_id = $5)`
             : ''
         }),
     s as (
       -- Its sums per pole and month, read by the dashboards' compare (migration 0017).
       insert into version_pole_months (version_id, pole_id, month_index, previsionnel, achat_previsionnel)
       select v.id, l.expertise_pole_id, d.month_index, sum(d.previsionnel), sum(d.achat_previsionnel)
         from v, budget_monthly_data d join budget_line_items l on l.id = d.budget_line_item_id
        where d.year = $1${one ? ' and l.expertise_pole_id in (select id from expertise_poles where year = $1 and client_id = $5)' : ''}
        group by v.id, l.expertise_pole_id, d.month_index)
     select v.id::text, v.name, v.at, v.actor, v.reference, v.client_id, (select count(*) from c)::int as clients from v`,
    one ? [v.year, v.name, v.folded, v.actor, v.clientId] : [v.year, v.name, v.folded, v.actor],
  );
  const row = rows[0]!;
  return { version: toSummary(row), clients: Number(row.clients) };
}

/** Makes version `id` the only reference of `year` (two statements: the reference index is checked per row). */
export async function setReference(q: Queryable, year: number, id: number): Promise<void> {
  await q.query(`update budget_versions set reference = false where year = $1 and reference and id <> $2`, [year, id]);
  await q.query(`update budget_versions set reference = true where year = $1 and id = $2 and not reference`, [
    year,
    id,
  ]);
}

/** Deletes a version and everything it froze. */
export async function deleteVersion(q: Queryable, id: number): Promise<void> {
  await q.query(`delete from budget_versions where id = $1`, [id]);
}

/** A frozen pole and line: the budget's row without actuals, with its version and client. */
type FrozenRow = Omit<PoleLineRow, 'reel' | 'achat'> & { version_id: string };

/**
 * The frozen poles and lines of the versions `where` selects (on `p`, version_poles), ordered by
 * version, client, pole and line. Private: `where` is written only by the readers below.
 */
async function frozenRows(q: Queryable, where: string, params: unknown[]): Promise<FrozenRow[]> {
  const { rows } = await q.query<FrozenRow>(
    `select p.version_id::text as version_id, p.client_id, p.pole_id, p.name as pole_name, p.is_expanded, p.facture,
            l.line_id, l.name as line_name,
            array_agg(m.month_index order by m.month_index) filter (where m.month_index is not null) as months,
            array_agg(m.previsionnel::text order by m.month_index) filter (where m.month_index is not null) as previsionnel,
            array_agg(m.achat_previsionnel::text order by m.month_index) filter (where m.month_index is not null) as achat_previsionnel
       from version_poles p
       left join version_lines l on l.version_id = p.version_id and l.pole_id = p.pole_id
       left join version_months m on m.version_id = p.version_id and m.line_id = l.line_id
      where ${where}
      group by p.version_id, p.client_id, p.pole_id, p.name, p.is_expanded, p.facture, p.seq, l.line_id, l.name, l.seq
      order by p.version_id, p.client_id, p.seq, l.seq`,
    params,
  );
  return rows;
}

/** Rows of one version and client (in order) as its poles. */
function polesOf(rows: readonly FrozenRow[]): ForecastPole[] {
  const poles: ForecastPole[] = [];
  for (const r of rows) {
    let pole = poles.at(-1);
    if (pole?.id !== r.pole_id) {
      pole = { id: r.pole_id, name: r.pole_name, isExpanded: r.is_expanded, facture: [...r.facture], lines: [] };
      poles.push(pole);
    }
    if (r.line_id !== null && r.line_name !== null) {
      pole.lines.push({
        id: r.line_id,
        name: r.line_name,
        previsionnel: monthValues(r.months, r.previsionnel),
        achat_previsionnel: monthValues(r.months, r.achat_previsionnel),
      });
    }
  }
  return poles;
}

/** The poles (creation order) and lines (screen order) of one client as version `id` froze them. */
export async function versionPoles(q: Queryable, id: number, clientId: string): Promise<ForecastPole[]> {
  return polesOf(await frozenRows(q, 'p.version_id = $1 and p.client_id = $2', [id, clientId]));
}

/** Every version with all it froze, by id: what the backup holds (ADR 049). */
export async function readVersionsBackup(q: Queryable): Promise<VersionBackup[]> {
  const { rows } = await q.query<VersionRow & { year: number }>(
    `select ${COLUMNS}, year from budget_versions order by id`,
  );
  const { rows: clientRows } = await q.query<{ version_id: string; client_id: string; debut: string }>(
    `select version_id::text, client_id, prevision_mb_annuelle_debut::text as debut
       from version_clients order by version_id, client_id`,
  );
  // One pass over the rows (ordered by version, then client): each version's clients' poles.
  const frozen = new Map<string, Map<string, FrozenRow[]>>();
  for (const f of await frozenRows(q, 'true', [])) {
    const byClient = frozen.get(f.version_id) ?? new Map<string, FrozenRow[]>();
    frozen.set(f.version_id, byClient);
    const list = byClient.get(f.client_id) ?? [];
    byClient.set(f.client_id, list);
    list.push(f);
  }
  return rows.map((r) => ({
    ...toSummary(r),
    year: r.year,
    clients: clientRows
      .filter((c) => c.version_id === r.id)
      .map((c) => ({ id: c.client_id, prevision_mb_annuelle_debut: decimalToCents(c.debut) })),
    budgetData: Object.fromEntries([...(frozen.get(r.id) ?? [])].map(([clientId, list]) => [clientId, polesOf(list)])),
  }));
}

/**
 * Inserts the versions of a backup, ids kept (a link `?version=` still names the same one), then
 * moves the id sequence past them. Poles and lines keep the file's order.
 */
export async function insertVersions(q: Queryable, versions: readonly VersionBackup[]): Promise<void> {
  for (const v of versions) {
    await q.query(
      `insert into budget_versions (id, year, name, folded, at, actor, reference, client_id) overriding system value
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [v.id, v.year, v.name, foldName(v.name), v.at, v.by, v.reference, v.clientId ?? null],
    );
    await q.query(
      `insert into version_clients (version_id, client_id, prevision_mb_annuelle_debut)
       select $1, * from unnest($2::uuid[], $3::numeric[])`,
      [v.id, v.clients.map((c) => c.id), v.clients.map((c) => centsToDecimal(c.prevision_mb_annuelle_debut))],
    );
    const poles = Object.entries(v.budgetData).flatMap(([clientId, list]) => list.map((pole) => ({ clientId, pole })));
    await q.query(
      `insert into version_poles (version_id, client_id, pole_id, name, is_expanded, facture, seq)
       select $1, client_id, pole_id, name, is_expanded, facture::boolean[], ord
         from unnest($2::uuid[], $3::uuid[], $4::text[], $5::boolean[], $6::text[]) with ordinality
              as p(client_id, pole_id, name, is_expanded, facture, ord)`,
      [
        v.id,
        poles.map((p) => p.clientId),
        poles.map((p) => p.pole.id),
        poles.map((p) => p.pole.name),
        poles.map((p) => p.pole.isExpanded),
        poles.map((p) => `{${p.pole.facture.map((f) => (f ? 't' : 'f')).join(',')}}`),
      ],
    );
    const lines = poles.flatMap((p) => p.pole.lines.map((line) => ({ poleId: p.pole.id, line })));
    await q.query(
      `insert into version_lines (version_id, pole_id, line_id, name, seq)
       select $1, * from unnest($2::uuid[], $3::uuid[], $4::text[]) with ordinality`,
      [v.id, lines.map((l) => l.poleId), lines.map((l) => l.line.id), lines.map((l) => l.line.name)],
    );
    const cells = lines.flatMap(({ line }) => line.previsionnel.map((_, m) => ({ line, m })));
    await q.query(
      `insert into version_months (version_id, line_id, month_index, previsionnel, achat_previsionnel)
       select $1, * from unnest($2::uuid[], $3::smallint[], $4::numeric[], $5::numeric[])`,
      [
        v.id,
        cells.map((c) => c.line.id),
        cells.map((c) => c.m),
        cells.map((c) => centsToDecimal(c.line.previsionnel[c.m]!)),
        cells.map((c) => centsToDecimal(c.line.achat_previsionnel[c.m]!)),
      ],
    );
    await q.query(
      `insert into version_pole_months (version_id, pole_id, month_index, previsionnel, achat_previsionnel)
       select m.version_id, l.pole_id, m.month_index, sum(m.previsionnel), sum(m.achat_previsionnel)
         from version_months m join version_lines l on l.version_id = m.version_id and l.line_id = m.line_id
        where m.version_id = $1
        group by m.version_id, l.pole_id, m.month_index`,
      [v.id],
    );
  }
  await q.query(
    `select setval(pg_get_serial_sequence('budget_versions', 'id'), coalesce((select max(id) from budget_versions), 0) + 1, false)`,
  );
}

/**
 * What a client's forecast is read against by its reviewer (docs/product.md#sign-off-changes): the
 * version its last validation froze, else the year's reference when it froze the client.
 */
export async function changesBaseline(
  q: Queryable,
  year: number,
  clientId: string,
): Promise<{ version: VersionSummary; basis: 'validation' | 'référence' } | undefined> {
  const { rows } = await q.query<VersionRow>(
    `select ${COLUMNS} from budget_versions v
      where v.year = $1
        and (v.client_id = $2
             or (v.reference and exists (select 1 from version_clients c where c.version_id = v.id and c.client_id = $2)))
      order by v.client_id is null, v.id desc
      limit 1`,
    [year, clientId],
  );
  const row = rows[0];
  return row && { version: toSummary(row), basis: row.client_id === null ? 'référence' : 'validation' };
}
