/**
 * Loading one client whose budget holds the whole catalogue (10 poles, 69 lines, every month
 * filled) through GET /api/clients/:id/budget, against the raw select of the same rows.
 */
import { POLE_CATALOGUE } from '../src/domain/catalogue';
import type { ClientWire as Client, PoleWire as Pole } from '../src/domain/schemas';
import { MEASURES } from '../src/domain/measures';
import { api, BENCH_YEAR, median, rawQuery, ratioFigure, sample, withYear, type Bench } from './lib';

/** The rows the endpoint turns into poles and lines: every monthly row of the client in year $2. */
export const RAW_CLIENT_ROWS = `select p.id as pole_id, p.name as pole_name, p.is_expanded, p.facture,
       l.id as line_id, l.name as line_name,
       d.month_index, d.previsionnel, d.achat_previsionnel, d.reel, d.achat
  from expertise_poles p
  join budget_line_items l on l.expertise_pole_id = p.id
  join budget_monthly_data d on d.budget_line_item_id = l.id
 where p.client_id = $1 and p.year = $2
 order by p.seq, l.seq, d.month_index`;

export default {
  name: 'budget-load',
  async run(ctx) {
    // Built through the API, as a user would, so the rows are laid out as in real use.
    const client = await api<Client>(ctx.baseUrl, 'POST', '/api/clients', { name: 'Catalogue complet (bench)' });
    const poles: Pole[] = [];
    for (const pole of POLE_CATALOGUE) {
      poles.push(
        await api<Pole>(ctx.baseUrl, 'POST', withYear(`/api/clients/${client.id}/poles`), {
          name: pole.name,
          lines: [...pole.lines],
        }),
      );
    }
    const cells = poles.flatMap((p) =>
      p.lines.flatMap((l, li) =>
        MEASURES.flatMap((field, fi) =>
          Array.from({ length: 12 }, (_, month) => ({
            lineId: l.id,
            month,
            field,
            value: 100 + li * 10 + fi + month / 100,
          })),
        ),
      ),
    );
    await api(ctx.baseUrl, 'PATCH', withYear('/api/cells'), cells);

    const path = withYear(`/api/clients/${client.id}/budget`);
    const loaded = await api<Pole[]>(ctx.baseUrl, 'GET', path);
    const lineCount = loaded.reduce((n, p) => n + p.lines.length, 0);
    if (lineCount !== 69) throw new Error(`69 lignes attendues, ${lineCount} chargées.`);

    const apiLoad = await sample(() => api(ctx.baseUrl, 'GET', path), ctx.repeat);
    const rawLoad = await sample(() => rawQuery(ctx.raw, RAW_CLIENT_ROWS, [client.id, BENCH_YEAR]), ctx.repeat);
    await api(ctx.baseUrl, 'DELETE', `/api/clients/${client.id}`);
    return [
      ratioFigure(
        'load 1 client, full catalogue (69 lines), GET /api/clients/:id/budget (median)',
        median(apiLoad),
        'ms',
        { label: 'raw select of its 828 rows', value: median(rawLoad) },
        2,
      ),
    ];
  },
} satisfies Bench;
