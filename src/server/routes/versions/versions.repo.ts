/**
 * SQL of versions (docs/product.md#versions-and-landing, ADR 049): a year's forecast frozen in one
 * statement, listed, read per client, made the reference, deleted. A version is never updated
 * after its creation but for its reference flag.
 */
import type { VersionSummary } from '@/domain/answers';
import type { ForecastPole } from '@/domain/model';
import type { Queryable } from '@/server/db/client';
import { monthValues, type PoleLineRow } from '../budget/budget.repo';

interface VersionRow {
  id: string;
  name: string;
  at: Date | string;
  actor: string;
  reference: boolean;
}

const COLUMNS = 'id::text, name, at, actor, reference';

function toSummary(r: VersionRow): VersionSummary {
  return {
    id: Number(r.id),
    name: r.name,
    at: new Date(r.at).toISOString(),
    by: r.actor,
    reference: r.reference,
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
       insert into budget_versions (year, name, folded, actor, reference)
       select $1, $2, $3, $4, ${one ? 'false' : 'not exists (select 1 from budget_versions where year = $1 and reference)'}
       returning id, name, at, actor, reference),
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
         })
     select v.id::text, v.name, v.at, v.actor, v.reference, (select count(*) from c)::int as clients from v`,
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

/** A frozen pole and line: the budget's row without client and actuals. */
type FrozenRow = Omit<PoleLineRow, 'client_id' | 'reel' | 'achat'>;

/** The poles (creation order) and lines (screen order) of one client as version `id` froze them. */
export async function versionPoles(q: Queryable, id: number, clientId: string): Promise<ForecastPole[]> {
  const { rows } = await q.query<FrozenRow>(
    `select p.pole_id, p.name as pole_name, p.is_expanded, p.facture, l.line_id, l.name as line_name,
            array_agg(m.month_index order by m.month_index) filter (where m.month_index is not null) as months,
            array_agg(m.previsionnel::text order by m.month_index) filter (where m.month_index is not null) as previsionnel,
            array_agg(m.achat_previsionnel::text order by m.month_index) filter (where m.month_index is not null) as achat_previsionnel
       from version_poles p
       left join version_lines l on l.version_id = p.version_id and l.pole_id = p.pole_id
       left join version_months m on m.version_id = p.version_id and m.line_id = l.line_id
      where p.version_id = $1 and p.client_id = $2
      group by p.pole_id, p.name, p.is_expanded, p.facture, p.seq, l.line_id, l.name, l.seq
      order by p.seq, l.seq`,
    [id, clientId],
  );
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
