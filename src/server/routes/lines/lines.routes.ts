/** DELETE /api/lines/:id — the line, its 12 months, and the client's revised-forecast cache. */
import { Hono } from 'hono';
import { idParams } from '../../../domain/schemas';
import type { Db } from '../../db/client';
import { notFound, validate } from '../../lib/errors';
import { refreshRevisedForecast } from '../clients/clients.repo';

export function linesRoutes(db: Db) {
  return new Hono().delete('/lines/:id', async (c) => {
    const { id } = validate(idParams, c.req.param());
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ client_id: string }>(
        `delete from budget_line_items l using expertise_poles p
          where l.id = $1 and p.id = l.expertise_pole_id returning p.client_id`,
        [id],
      );
      if (!rows[0]) throw notFound('Ligne introuvable.');
      await refreshRevisedForecast(tx, [rows[0].client_id]);
    });
    return c.body(null, 204);
  });
}
