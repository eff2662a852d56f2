import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { polesToWire, type Pole } from '@/domain';
import { formatHistoryAt } from '@/domain/history-view';
import type { HistoryEntryWire } from '@/domain/answers';
import { makeLine, makePole } from '@/domain/testing/builders';
import { cellSaveQueue } from './saving/api/save-cells';
import { BudgetEditor } from './budget-editor';

// The budget tab's history (docs/product.md#history) against a fake server at the window's fetch:
// the undo stack drives the buttons and Ctrl+Z / Ctrl+Y, the context menu opens a cell's history,
// the panel lists the client's entries, and the toasts take a deleted line or a paste back.

const YEAR = 2026;
const CLIENT = 'c1';
const ADS = 'Paid · Google Ads · Janvier · Prévisionnel';
const META = 'Paid · Meta · Janvier · Prévisionnel';

function budget(adsJanuary: number): Pole[] {
  const ads = { ...makeLine('Google Ads', { previsionnel: [adsJanuary] }), id: 'l1' };
  const meta = { ...makeLine('Meta'), id: 'l2' };
  return [{ ...makePole('Paid', [ads, meta]), id: 'p1' }];
}

function entry(id: number, changes: Partial<HistoryEntryWire> = {}): HistoryEntryWire {
  return {
    id,
    at: '2026-03-05T08:07:00.000Z',
    actor: 'local',
    source: 'saisie',
    summary: `Modification ${id}`,
    clientId: CLIENT,
    year: YEAR,
    revertsId: null,
    reverted: false,
    cellCount: 1,
    cells: [],
    ...changes,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Request = { method: string; path: string; body: unknown };
type Handler = (request: Request, url: URL) => Response | undefined;

/**
 * A fake server: the client's budget, its undo stack, the history; `undo` answers POST
 * /api/history/:id/undo, `history` GET /api/history. Every request is recorded, in order.
 */
function fakeServer(options: { undo?: Handler; history?: Handler; cells?: Handler } = {}) {
  const state = {
    poles: budget(100),
    stack: { undo: 7 as number | null, redo: null as number | null },
    requests: [] as Request[],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const request = { method, path, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
      state.requests.push(request);
      const url = new URL(path, 'http://localhost');
      if (url.pathname === `/api/clients/${CLIENT}/budget`) return json(polesToWire(state.poles));
      if (url.pathname === '/api/history/stack') return json(state.stack);
      if (method === 'POST' && /^\/api\/history\/\d+\/undo$/.test(url.pathname)) {
        const answer = options.undo?.(request, url);
        if (answer) return answer;
        return json({ entry: entry(1000, { source: 'annulation', summary: 'Annulation : 1 cellule saisie' }) });
      }
      if (url.pathname === '/api/history') return options.history?.(request, url) ?? json({ entries: [] });
      if (url.pathname === '/api/cells') return options.cells?.(request, url) ?? json({ updated: 1, historyId: 99 });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return json({ error: { code: 'not_found', message: `Pas de route ${method} ${path}` } }, 404);
    }),
  );
  return state;
}

/** The requests of one kind, as `METHOD path`. */
const calls = (state: ReturnType<typeof fakeServer>, pattern: RegExp) =>
  state.requests.map((r) => `${r.method} ${r.path}`).filter((r) => pattern.test(r));

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <main>
        <BudgetEditor year={YEAR} clientId={CLIENT} clientName="Acme" />
      </main>
      <Toaster />
    </QueryClientProvider>,
  );
  return queryClient;
}

const cell = (name: string) => screen.getByRole('textbox', { name });
const toolbar = () => screen.getByRole('toolbar', { name: 'Modifications' });
const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] *' });

afterEach(async () => {
  await cellSaveQueue().whenIdle();
  vi.unstubAllGlobals();
});

describe('undo and redo in the budget tab', () => {
  it("enables 'Annuler' and 'Rétablir' from the server's stack; 'Annuler' undoes its top, reloads and moves the cursor", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      undo: () => {
        server.poles = budget(50);
        server.stack = { undo: null, redo: 8 };
        const cells = [
          { lineId: 'l1', month: 0, field: 'previsionnel' as const, old: 100, new: 50 },
          { lineId: 'l2', month: 0, field: 'previsionnel' as const, old: 3, new: 0 },
        ];
        return json({ entry: entry(8, { source: 'annulation', summary: 'Annulation : 2 cellules saisies', cells }) });
      },
    });
    renderEditor();

    const undo = within(await screenFindToolbar()).getByRole('button', { name: 'Annuler' });
    const redo = within(toolbar()).getByRole('button', { name: 'Rétablir' });
    await waitFor(() => expect(undo).toBeEnabled());
    expect(redo).toBeDisabled();

    await user.click(undo);

    expect(await toast('Annulation : 2 cellules saisies')).toBeVisible();
    expect(calls(server, /undo$/)).toEqual(['POST /api/history/7/undo']);
    await waitFor(() => expect(cell(ADS)).toHaveValue('50'));
    // The cursor is on the first cell the new entry changed.
    await waitFor(() => expect(cell(ADS)).toHaveFocus());
    await waitFor(() => expect(redo).toBeEnabled());
    expect(undo).toBeDisabled();
  });

  it('Ctrl+Z in a cell being typed in cancels its typing; outside typing it stores pending edits, then undoes; Ctrl+Y redoes', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderEditor();
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Annuler' })).toBeEnabled());

    await user.click(cell(META));
    await user.keyboard('9');
    expect(cell(META)).toHaveValue('9');
    await user.keyboard('{Control>}z{/Control}');
    // The typing is cancelled (the value the cell had when focused), and no undo was asked for.
    expect(cell(META)).toHaveValue('');
    expect(calls(server, /history\/\d+\/undo/)).toEqual([]);
    // Cancelled typing writes nothing (ADR 048) — unless a pause (600 ms, a slow machine) sent it
    // meanwhile: then the value from before is written back.
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    expect(patches.length === 0 || JSON.stringify(patches.at(-1)!.body).includes('"value":0,')).toBe(true);

    // A committed entry, then Ctrl+Z outside typing: the budget's undo, after the edit is stored.
    await user.keyboard('9{Tab}');
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(calls(server, /undo$/)).toEqual(['POST /api/history/7/undo']));
    const order = calls(server, /PATCH|stack|undo$/);
    expect(order.indexOf('PATCH /api/cells?year=2026')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('PATCH /api/cells?year=2026')).toBeLessThan(order.indexOf('POST /api/history/7/undo'));
    expect(
      order.lastIndexOf('GET /api/history/stack?clientId=c1&year=2026', order.indexOf('POST /api/history/7/undo')),
    ).toBeGreaterThan(order.indexOf('PATCH /api/cells?year=2026'));

    server.stack = { undo: null, redo: 1000 };
    document.body.focus();
    await user.keyboard('{Control>}y{/Control}');
    await waitFor(() =>
      expect(calls(server, /undo$/)).toEqual(['POST /api/history/7/undo', 'POST /api/history/1000/undo']),
    );

    // Ctrl+Shift+Z is redo too (⌘ on a Mac).
    server.stack = { undo: 1001, redo: 1002 };
    await user.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    await waitFor(() => expect(calls(server, /undo$/)).toHaveLength(3));
    expect(calls(server, /undo$/)[2]).toBe('POST /api/history/1002/undo');
  });

  it('leaves Ctrl+Z to the browser in another text field, not on a button of the tab', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderEditor();
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Annuler' })).toBeEnabled());

    const field = screen.getByRole('textbox', { name: 'Nouvelle ligne · Paid' });
    await user.type(field, 'Bing');

    // Not prevented: the browser's own undo of the text runs.
    expect(fireEvent.keyDown(field, { key: 'z', ctrlKey: true })).toBe(true);
    // A button of the tab is no text field: there, Ctrl+Z is the budget's undo.
    expect(
      fireEvent.keyDown(within(toolbar()).getByRole('button', { name: 'Historique' }), { key: 'z', ctrlKey: true }),
    ).toBe(false);
    await waitFor(() => expect(calls(server, /undo$/)).toEqual(['POST /api/history/7/undo']));
  });

  it("shows a refused undo's French message with the cells named as the grid labels them, and changes nothing", async () => {
    const user = userEvent.setup();
    const message = "Impossible d'annuler : 2 cellules ont été modifiées depuis.";
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    fakeServer({
      undo: () =>
        json(
          {
            error: {
              code: 'conflict',
              message,
              cells: [
                { lineId: 'l1', month: 0, field: 'previsionnel', current: 3, expected: 1 },
                { lineId: 'gone', month: 2, field: 'reel', current: null, expected: 4 },
              ],
            },
          },
          409,
        ),
    });
    renderEditor();
    const undo = within(await screenFindToolbar()).getByRole('button', { name: 'Annuler' });
    await waitFor(() => expect(undo).toBeEnabled());

    await user.click(undo);

    expect(await toast(`${message} Cellules : ${ADS} ; Ligne supprimée · Mars · Réel.`)).toBeVisible();
    expect(cell(ADS)).toHaveValue('100');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(message), expect.anything());
  });
});

describe("a cell's context menu and history", () => {
  const cellHistory = (_request: Request, url: URL) => {
    expect(Object.fromEntries(url.searchParams)).toEqual({
      year: '2026',
      limit: '30',
      lineId: 'l1',
      month: '0',
      field: 'previsionnel',
    });
    return json({
      entries: [
        entry(5, { cells: [{ lineId: 'l1', month: 0, field: 'previsionnel', old: 80.5, new: 100 }] }),
        entry(4, {
          actor: 'marie@agence.fr',
          source: 'collage',
          at: '2026-03-04T16:30:00.000Z',
          cells: [{ lineId: 'l1', month: 0, field: 'previsionnel', old: 0, new: 80.5 }],
        }),
      ],
    });
  };

  it("opens on a right click; 'Historique de la cellule' lists who, when, the source and old → new; 'Restaurer cette valeur' saves it as typed", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ history: cellHistory });
    renderEditor();
    await screen.findByRole('textbox', { name: ADS });

    fireEvent.contextMenu(cell(ADS), { clientX: 40, clientY: 60 });
    const menu = await screen.findByRole('menu', { name: ADS });
    await user.click(within(menu).getByRole('menuitem', { name: 'Historique de la cellule' }));

    const dialog = await screen.findByRole('dialog', { name: 'Historique de la cellule' });
    expect(dialog).toHaveAccessibleDescription(ADS);
    const items = await within(dialog).findAllByRole('listitem');
    // (The date's format is the domain's, table-tested there; here, in the browser's time zone.)
    expect(items.map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      `80,50 €100 €Saisie·Vous·${formatHistoryAt('2026-03-05T08:07:00.000Z')}Valeur actuelle`,
      `0 €80,50 €Collage·marie@agence.fr·${formatHistoryAt('2026-03-04T16:30:00.000Z')}Restaurer cette valeur`,
    ]);

    await user.click(within(items[1]!).getByRole('button', { name: 'Restaurer cette valeur' }));

    await waitFor(() => expect(calls(server, /PATCH/)).toEqual(['PATCH /api/cells?year=2026']));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual([
      // docs/product.md#conflict-choice: what the cell showed before, so a colleague's change is not overwritten.
      { lineId: 'l1', month: 0, field: 'previsionnel', value: 80.5, expected: 100 },
    ]);
    expect(cell(ADS)).toHaveValue('80,50');
    expect(await toast(`${ADS} : 80,50 €`)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from the keyboard with Shift+F10 on the focused cell', async () => {
    const user = userEvent.setup();
    fakeServer({ history: cellHistory });
    renderEditor();
    await user.click(await screen.findByRole('textbox', { name: META }));

    await user.keyboard('{Shift>}{F10}{/Shift}');

    const menu = await screen.findByRole('menu', { name: META });
    expect(within(menu).getByRole('menuitem', { name: 'Historique de la cellule' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe("the panel 'Historique'", () => {
  it("lists the client's entries of the year, newest first, with 'Plus ancien' while pages are full and 'Annuler' on each not undone", async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    const server = fakeServer({
      history: (_request, url) => {
        asked.push(Object.fromEntries(url.searchParams));
        const before = Number(url.searchParams.get('before') ?? 200);
        const ids = before === 200 ? Array.from({ length: 30 }, (_, i) => 130 - i) : [100, 99];
        return json({
          entries: ids.map((id) =>
            entry(id, {
              summary: `Modification ${id}`,
              reverted: id === 129,
              source: id === 99 ? 'structure' : 'saisie',
            }),
          ),
        });
      },
    });
    renderEditor();

    await user.click(within(await screenFindToolbar()).getByRole('button', { name: 'Historique' }));

    const panel = await screen.findByRole('dialog', { name: 'Historique' });
    expect(panel).toHaveAccessibleDescription('Acme · exercice 2026');
    const list = await within(panel).findByRole('list', { name: 'Modifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Modification 130');
    expect(within(first).getByRole('button', { name: 'Annuler' })).toBeEnabled();
    const undone = within(list).getAllByRole('listitem')[1]!;
    expect(within(undone).getByRole('button', { name: 'Annulée' })).toBeDisabled();

    await user.click(within(panel).getByRole('button', { name: 'Plus ancien' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(32));
    expect(within(list).getAllByRole('listitem')[31]).toHaveTextContent('Modification 99Structure');
    expect(asked).toEqual([
      { year: '2026', limit: '30', clientId: CLIENT },
      { year: '2026', limit: '30', clientId: CLIENT, before: '101' },
    ]);
    expect(within(panel).queryByRole('button', { name: 'Plus ancien' })).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(calls(server, /undo$/)).toEqual(['POST /api/history/130/undo']));
  });
});

describe("the toasts' 'Annuler'", () => {
  it('takes a deleted line back: the toast undoes the top of the stack right after the deletion', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderEditor();
    await screen.findByRole('textbox', { name: META });
    server.stack = { undo: 12, redo: null };

    await user.click(screen.getByRole('button', { name: 'Supprimer la ligne Meta' }));
    const deleted = (await toast('Ligne supprimée')).closest('[data-sonner-toast]') as HTMLElement;
    expect(deleted).toHaveTextContent('Meta');
    await user.click(within(deleted).getByRole('button', { name: 'Annuler' }));

    await waitFor(() => expect(calls(server, /undo$/)).toEqual(['POST /api/history/12/undo']));
  });

  it("sends a paste with source=collage and takes it back with its entry's id", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ cells: () => json({ updated: 2, historyId: 55 }) });
    renderEditor();
    await user.click(await screen.findByRole('textbox', { name: ADS }));

    await user.paste('10\t20');

    expect(await toast('Collage de 2 cellules')).toBeVisible();
    expect(calls(server, /PATCH/)).toEqual(['PATCH /api/cells?source=collage&year=2026']);
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual([
      { lineId: 'l1', month: 0, field: 'previsionnel', value: 10, expected: 100 },
      { lineId: 'l1', month: 1, field: 'previsionnel', value: 20, expected: 0 },
    ]);
    const pasted = (await toast('Collage enregistré')).closest('[data-sonner-toast]') as HTMLElement;
    await user.click(within(pasted).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(calls(server, /undo$/)).toEqual(['POST /api/history/55/undo']));
  });
});

/** The toolbar, once the budget has loaded. */
async function screenFindToolbar() {
  return screen.findByRole('toolbar', { name: 'Modifications' });
}
