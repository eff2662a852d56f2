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
      // Lock the owning client first, as cell saves do: a save running beside this delete then
      // waits, and the revised-forecast cache is recomputed from the final figures.
      const { rows } = await tx.query<{ client_id: string }>(
        `select c.id as client_id from clients c
           join expertise_poles p on p.client_id = c.id
           join budget_line_items l on l.expertise_pole_id = p.id
          where l.id = $1
          for update of c`,
        [id],
      );
      const clientId = rows[0]?.client_id;
      if (!clientId) throw notFound('Ligne introuvable.');
      await tx.query(`delete from budget_line_items where id = $1`, [id]);
      await refreshRevisedForecast(tx, [clientId]);
    });
    return c.body(null, 204);
  });
}
