import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClient } from '@/domain/testing/builders';
import type { RollForwardAnswerWire } from '@/domain/answers';
import type { AccessWire } from '@/domain/control';
import { readYear } from '@/web/hooks/use-year';
import { sharedKeys } from '@/web/lib/query-keys';
import { RollForwardDialog } from './roll-forward-dialog';

// Ids are UUIDs, as the schema the dialog checks with requires.
const acme = { ...makeClient('Acme'), id: '11111111-1111-4111-8111-111111111111' };
const beta = { ...makeClient('Beta'), id: '22222222-2222-4222-8222-222222222222' };

/** What the server answers for Acme (and Beta when asked for every client), in euros; the version asked to freeze. */
function answer(clients: 'all' | string[], freezeVersion = false): RollForwardAnswerWire {
  const rows = [
    {
      id: acme.id,
      name: 'Acme',
      polesCreated: 1,
      linesCreated: 3,
      cellsFilled: 24,
      cellsSkipped: 2,
      before: { previsionnel: 1000, achat_previsionnel: 0 },
      after: { previsionnel: 1035, achat_previsionnel: 400.5 },
    },
    {
      id: beta.id,
      name: 'Beta',
      polesCreated: 0,
      linesCreated: 1,
      cellsFilled: 1200,
      cellsSkipped: 0,
      before: { previsionnel: 0, achat_previsionnel: 0 },
      after: { previsionnel: 250000, achat_previsionnel: 0 },
    },
  ];
  const version = {
    id: 7,
    name: 'Budget initial 2027',
    at: '2026-12-01T10:00:00.000Z',
    by: 'local',
    reference: true,
    clientId: null,
  };
  return {
    clients: clients === 'all' ? rows : rows.filter((r) => clients.includes(r.id)),
    historyId: null,
    version: freezeVersion ? version : null,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: records each request's path and body; answers at once unless `hold` is set. */
function fakeServer() {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  let held: ((response: Response) => void) | null = null;
  const server = {
    requests,
    hold: false,
    release: (response: Response) => held?.(response),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      requests.push({ path, body });
      if (server.hold) return new Promise<Response>((resolve) => (held = resolve));
      return json(answer(body.clients as 'all' | string[], body.freezeVersion === true));
    }),
  );
  return server;
}

function renderDialog(role?: AccessWire['role']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (role) queryClient.setQueryData(sharedKeys.access(), { mode: 'accounts', role, clientIds: null, viewAs: null });
  queryClient.setQueryData(sharedKeys.clients(2026), [acme, beta]);
  queryClient.setQueryData(sharedKeys.years(), [{ year: 2026, clients: 2 }]);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <RollForwardDialog from={2026} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { queryClient, onClose, dialog: screen.getByRole('dialog', { name: 'Préparer 2027' }) };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => vi.unstubAllGlobals());

describe('RollForwardDialog', () => {
  it('previews the typed settings, then applies the very same ones and shows the new year', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    window.localStorage.setItem('budget-marges.year', '2026');
    const { queryClient, onClose, dialog } = renderDialog();
    expect(dialog).toHaveTextContent(
      "Crée dans l'exercice 2027 les pôles et les lignes de 2026 qui y manquent, et remplit ses prévisions à partir des chiffres de 2026.",
    );

    await user.click(screen.getByRole('combobox', { name: 'Base des prévisions' }));
    await user.click(screen.getByRole('option', { name: 'Prévisionnel' }));
    await user.clear(field('Hausse des ventes (%)'));
    await user.type(field('Hausse des ventes (%)'), '3,5');
    await user.clear(field('Hausse des achats (%)'));
    await user.type(field('Hausse des achats (%)'), '-2,25 %');
    const fillEmpty = screen.getByRole('checkbox', { name: 'Ne remplir que les cellules vides' });
    expect(fillEmpty).toBeChecked();
    await user.click(fillEmpty);
    expect(button('Appliquer')).toBeDisabled();

    await user.click(button('Aperçu'));

    const settings = {
      from: 2026,
      clients: 'all',
      figures: 'previsionnel',
      upliftSales: 3.5,
      upliftPurchases: -2.25,
      mode: 'overwrite',
      freezeVersion: false,
    };
    expect(server.requests).toEqual([{ path: '/api/years/2027/rollforward', body: { ...settings, dryRun: true } }]);
    const table = await screen.findByRole('table', { name: 'Aperçu de la préparation de 2027' });
    const rows = within(table)
      .getAllByRole('row')
      // French number formats space thousands with a narrow no-break space: compared as plain spaces.
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent?.replace(/\s/g, ' ')),
      );
    expect(rows.slice(1)).toEqual([
      ['Acme', '1', '3', '24', '2', '1 000 € → 1 035 €', '0 € → 401 €'],
      ['Beta', '0', '1', '1 200', '0', '0 € → 250 000 €', '0 € → 0 €'],
      ['Total', '1', '4', '1 224', '2', '1 000 € → 251 035 €', '0 € → 401 €'],
    ]);
    expect(readYear()).toBe(2026);

    await user.click(button('Appliquer'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.requests[1]).toEqual({ path: '/api/years/2027/rollforward', body: { ...settings, dryRun: false } });
    expect(readYear()).toBe(2027);
    expect(queryClient.getQueryState(sharedKeys.years())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(sharedKeys.clients(2026))?.isInvalidated).toBe(true);
  });

  it('freezes « Budget initial 2027 » when an admin asks, and says so in the preview', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderDialog('admin');

    const freeze = screen.getByRole('checkbox', { name: 'Figer la version « Budget initial 2027 »' });
    expect(freeze).not.toBeChecked();
    await user.click(freeze);
    await user.click(button('Aperçu'));

    expect(server.requests[0]?.body).toMatchObject({ freezeVersion: true, dryRun: true });
    expect(
      await screen.findByText(
        "La version « Budget initial 2027 » sera figée, et deviendra la référence de l'exercice.",
      ),
    ).toBeInTheDocument();
  });

  it('offers no freeze to an editor', () => {
    fakeServer();
    renderDialog('editor');
    expect(screen.queryByRole('checkbox', { name: /Figer la version/ })).toBeNull();
  });

  it('needs a preview of the current settings before Appliquer', async () => {
    const user = userEvent.setup();
    fakeServer();
    renderDialog();

    expect(button('Appliquer')).toBeDisabled();
    await user.click(button('Aperçu'));
    await screen.findByRole('table');
    expect(button('Appliquer')).toBeEnabled();

    await user.type(field('Hausse des ventes (%)'), '5');

    expect(screen.queryByRole('table')).toBeNull();
    expect(button('Appliquer')).toBeDisabled();
  });

  it('sends the chosen clients only', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderDialog();

    await user.click(screen.getByRole('button', { name: 'Tous les clients' }));
    await user.click(screen.getByRole('option', { name: 'Beta' }));
    await user.keyboard('{Escape}');
    await user.click(button('Aperçu'));

    expect(server.requests[0]?.body.clients).toEqual([beta.id]);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2); // header and Beta: no total for one client
  });

  it('sends no uplift without figures', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderDialog();

    await user.type(field('Hausse des ventes (%)'), '12');
    await user.click(screen.getByRole('combobox', { name: 'Base des prévisions' }));
    await user.click(screen.getByRole('option', { name: 'Aucun chiffre (structure seule)' }));
    expect(field('Hausse des ventes (%)')).toBeDisabled();
    await user.click(button('Aperçu'));

    expect(server.requests[0]?.body).toMatchObject({ figures: 'none', upliftSales: 0, upliftPurchases: 0 });
  });

  it.each([
    ['abc', 'La hausse doit être un nombre (en %).'],
    ['3,555', 'La hausse a au plus deux décimales.'],
    ['-150', 'La hausse ne peut pas être inférieure à -100 %.'],
    ['1000,01', 'La hausse ne peut pas dépasser 1000 %.'],
  ])('refuses an uplift of %j with the schema’s message, and asks nothing', async (typed, message) => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderDialog();

    await user.clear(field('Hausse des achats (%)'));
    await user.type(field('Hausse des achats (%)'), typed);

    expect(field('Hausse des achats (%)')).toHaveAccessibleDescription(message);
    expect(field('Hausse des achats (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(button('Aperçu')).toBeDisabled();
    expect(server.requests).toEqual([]);
  });

  it('keeps the typed values while the server works and after it refuses, and says why in French', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    const { onClose } = renderDialog();
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    await user.type(field('Hausse des ventes (%)'), ',5');
    server.hold = true;

    await user.click(button('Aperçu'));

    expect(field('Hausse des ventes (%)')).toBeDisabled();
    expect(field('Hausse des ventes (%)')).toHaveValue(',5');
    expect(button('Aperçu')).toBeDisabled();
    expect(button('Annuler')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    server.release(
      json({ error: { code: 'validation', message: 'Client introuvable : il a peut-être été supprimé.' } }, 404),
    );

    await waitFor(() => expect(field('Hausse des ventes (%)')).toBeEnabled());
    expect(field('Hausse des ventes (%)')).toHaveValue(',5');
    expect(screen.queryByRole('table')).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      'Erreur : Client introuvable : il a peut-être été supprimé.',
      expect.objectContaining({ status: 404 }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
