import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertCents as cents } from '@/domain';
import { patchCells, refusalReason, useCellsSaved, type SavedBatch, type YearCellUpdate } from './save-cells';

afterEach(() => vi.unstubAllGlobals());

const edit = (year: number, lineId: string, value: number): YearCellUpdate => ({
  year,
  lineId,
  month: 3,
  field: 'previsionnel',
  value: cents(value),
});

describe('patchCells', () => {
  it('stores each edit in the year of its line: one PATCH per year, in euros, without the year in the body', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    await patchCells([edit(2026, 'a', 12345), edit(2027, 'b', -5), edit(2026, 'c', 100)]);

    expect(fetchMock.mock.calls.map(([path, init]) => [path, init?.method, JSON.parse(String(init?.body))])).toEqual([
      [
        '/api/cells?year=2026',
        'PATCH',
        [
          { lineId: 'a', month: 3, field: 'previsionnel', value: 123.45 },
          { lineId: 'c', month: 3, field: 'previsionnel', value: 1 },
        ],
      ],
      ['/api/cells?year=2027', 'PATCH', [{ lineId: 'b', month: 3, field: 'previsionnel', value: -0.05 }]],
    ]);
  });

  it('fails when one year’s request fails, so the queue retries the batch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (path) =>
        String(path).endsWith('2027')
          ? new Response(JSON.stringify({ error: { code: 'not_found', message: 'Ligne introuvable.' } }), {
              status: 404,
            })
          : new Response(null, { status: 200 }),
      ),
    );

    await expect(patchCells([edit(2026, 'a', 1), edit(2027, 'b', 2)])).rejects.toMatchObject({
      status: 404,
      message: 'Ligne introuvable.',
    });
  });

  it('sends a paste apart, with ?source=collage, and tells the listeners each batch’s history entry', async () => {
    let next = 40;
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ updated: 1, historyId: (next += 1) }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: SavedBatch[] = [];
    const listener = (batch: SavedBatch) => saved.push(batch);
    const { unmount } = renderHook(() => useCellsSaved(listener));

    await patchCells([edit(2026, 'a', 100), { ...edit(2026, 'b', 200), source: 'collage' }, edit(2026, 'c', 300)]);

    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/cells?year=2026',
      '/api/cells?source=collage&year=2026',
    ]);
    expect(saved).toEqual([
      { year: 2026, source: 'saisie', cellCount: 2, historyId: 41 },
      { year: 2026, source: 'collage', cellCount: 1, historyId: 42 },
    ]);

    // Unmounted, the listener hears nothing more.
    unmount();
    await patchCells([edit(2026, 'a', 1)]);
    expect(saved).toHaveLength(2);
  });
});

describe('refusalReason', () => {
  const failing = async (status: number, code: string, message: string) => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ error: { code, message } }), { status })),
    );
    return patchCells([edit(2026, 'a', 1)]).catch((e: unknown) => e);
  };

  it('keeps a save the server could not store (507 disk full, 503 not writable) to retry, with its French reason', async () => {
    const full =
      'Enregistrement impossible : le disque du serveur est plein. Rien n’a été enregistré ; libérez de la place puis réessayez.';
    const error = await failing(507, 'storage', full);
    expect(error).toMatchObject({ status: 507, code: 'storage', message: full });
    expect(refusalReason(error)).toBeNull();
    expect(refusalReason(await failing(503, 'storage', 'Enregistrement impossible : …'))).toBeNull();
    expect(
      refusalReason(await failing(503, 'unavailable', 'La base de données est momentanément injoignable.')),
    ).toBeNull();
  });

  it('gives the reason of a refusal for good (4xx), which retrying cannot change', async () => {
    expect(refusalReason(await failing(400, 'validation', 'Montant hors limites.'))).toBe('Montant hors limites.');
  });
});
