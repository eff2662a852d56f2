import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MappingDocument } from '@/domain/accounting/types';
import type { FecApplyAnswer, FecPreviewAnswer, ReconciliationAnswer } from '@/domain/answers';
import { previewMonth, reconciliationMonth, type PreviewMonth } from '@/domain/testing/accounting';
import { makeClient } from '@/domain/testing/builders';
import { readYear } from '@/web/hooks/use-year';
import { sharedKeys } from '@/web/lib/query-keys';
import { installFakeXhr, type FakeAnswer, type FakeUpload } from '@/web/test/fake-xhr';
import { forgetFile } from '../lib/kept-file';
import { AccountingTab } from './accounting-tab';

const YEAR = readYear();
const dupont = { ...makeClient('Dupont'), id: '11111111-1111-4111-8111-111111111111' };

/** A month outside the file unless told otherwise. */
const month = (m: number, over: Partial<PreviewMonth> = {}) => previewMonth(m, { covered: false, ...over });

const cellPlace = {
  clientId: dupont.id,
  clientName: 'Dupont',
  pole: 'Paid',
  line: 'Search',
  lineId: 'l1',
  field: 'reel' as const,
};

/** A file of January (closed) and February: Google's purchases left to map, one hand-typed cell replaced. */
const preview: FecPreviewAnswer = {
  lines: 12,
  outsideYear: 1,
  covered: { first: 0, last: 1 },
  months: Array.from({ length: 12 }, (_, m) =>
    m === 0
      ? month(0, { covered: true, closed: true, ledgerSales: 1000, mappedSales: 1000 })
      : m === 1
        ? month(1, {
            covered: true,
            ledgerSales: 1500,
            ledgerPurchases: 100,
            mappedSales: 1500,
            unmapped: 100,
            unmappedPurchases: 100,
            coverage: 93,
          })
        : month(m),
  ),
  cells: [
    { ...cellPlace, month: 1, current: 200, imported: 1500, manual: true },
    { ...cellPlace, line: 'Display', lineId: null, month: 1, field: 'achat', current: 0, imported: 40, manual: false },
  ],
  unmapped: [
    {
      thirdParty: 'GOOGLE',
      thirdPartyName: 'Google Ireland',
      account: '604000',
      field: 'achat',
      amount: 100,
      lines: 2,
    },
  ],
  closedDifferences: [{ ...cellPlace, month: 0, stored: 900, ledger: 1000 }],
  linesCreated: 1,
};

const mapping: MappingDocument = {
  agentAccounts: ['467'],
  openingJournals: ['AN', 'RAN', 'OUV'],
  monthFrom: 'EcritureDate',
  clients: [{ thirdParty: 'DUPONT', clientId: dupont.id }],
  rules: [
    { when: { account: '706' }, then: { pole: 'Paid', line: 'Search' } },
    { when: { account: '627' }, then: { ignore: true } },
  ],
};

const reconciliation: ReconciliationAnswer = {
  import: { at: '2026-03-02T09:00:00Z', actor: 'local', lines: 12, historyId: 41 },
  months: Array.from({ length: 12 }, (_, m) =>
    reconciliationMonth(m, {
      covered: m < 2,
      ledgerSales: m < 2 ? 1000 : 0,
      mappedSales: m < 2 ? 1000 : 0,
      toolSales: m < 2 ? 1000 : 0,
      unmapped: m === 1 ? 100 : 0,
      reconciled: m === 0,
    }),
  ),
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server: JSON routes through fetch, the file's two routes through XMLHttpRequest. */
function fakeServer(upload: (request: FakeUpload) => FakeAnswer = () => ({ status: 200, body: preview })) {
  const puts: MappingDocument[] = [];
  let stored = mapping;
  let putAnswer: ((body: MappingDocument) => Response) | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/accounting/mapping' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as MappingDocument;
        puts.push(body);
        if (putAnswer) return putAnswer(body);
        stored = body;
        return json(body);
      }
      if (path === '/api/accounting/mapping') return json(stored);
      if (path.startsWith('/api/accounting/reconciliation')) return json(reconciliation);
      if (path.startsWith(`/api/clients/${dupont.id}/budget`)) {
        return json([{ id: 'p1', name: 'Paid', isExpanded: true, facture: Array(12).fill(false), lines: [] }]);
      }
      return json({ error: { code: 'not_found', message: `Route inconnue : ${path}` } }, 404);
    }),
  );
  const sent = installFakeXhr(upload);
  return {
    sent,
    puts,
    refusePut: (message: string) => (putAnswer = () => json({ error: { code: 'validation', message } }, 400)),
  };
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sharedKeys.clients(YEAR), [dupont]);
  render(
    <QueryClientProvider client={queryClient}>
      <AccountingTab />
    </QueryClientProvider>,
  );
  return queryClient;
}

const FILE_TEXT = 'JournalCode|JournalLib\r\nVE|Ventes\r\n';

async function dropFile(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Fichier des écritures comptables (FEC)'), new File([FILE_TEXT], 'fec.txt'));
  return screen.findByRole('region', { name: `Aperçu de l'import ${YEAR}` });
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetFile();
});

// Generous limits: each test types into several fields and renders the whole tab, slow on a busy machine.
describe('AccountingTab', () => {
  it('sends the chosen file as it is and shows its preview per month, the coverage and the closed month', async () => {
    const user = userEvent.setup();
    const { sent } = fakeServer();
    renderTab();

    const card = await dropFile(user);

    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/api/accounting/fec/preview?year=${YEAR}`);
    expect(sent[0]!.headers['Content-Type']).toBe('application/octet-stream');
    expect(new TextDecoder().decode(sent[0]!.body)).toBe(FILE_TEXT);
    expect(within(card).getByText(/12 lignes lues, dont 1 hors exercice/)).toBeVisible();
    expect(within(card).getByRole('meter', { name: `Couverture de ${YEAR}` })).toHaveAttribute(
      'aria-valuetext',
      '96 % des montants affectés',
    );
    const rows = within(within(card).getByRole('table', { name: 'Aperçu par mois' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('janv.');
    expect(rows[1]).toHaveTextContent('clôturé : non écrit');
    expect(rows[2]).toHaveTextContent('févr.');
    expect(rows[2]).toHaveTextContent('sera importé');
    expect(within(card).getByRole('meter', { name: 'Couverture de février' })).toHaveAttribute('aria-valuenow', '93');
    expect(rows[3]).toHaveTextContent('hors fichier');
  });

  it("shows the server's refusal of the file as is", async () => {
    const user = userEvent.setup();
    const message = 'Ligne 57 : montant illisible dans Debit (« 12,3,4 »)';
    fakeServer(() => ({ status: 400, body: { error: { code: 'invalid_file', message } } }));
    renderTab();

    await user.upload(screen.getByLabelText('Fichier des écritures comptables (FEC)'), new File(['x'], 'fec.txt'));

    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByRole('region', { name: `Aperçu de l'import ${YEAR}` })).toBeNull();
  });

  it('lists the changes per client with the hand-typed cell marked, and the closed months apart', async () => {
    const user = userEvent.setup();
    fakeServer();
    renderTab();
    await dropFile(user);

    const changes = screen.getByRole('region', { name: 'Modifications par client' });
    expect(within(changes).getByText(/1 ligne\(s\) seront créées/)).toBeVisible();
    const client = within(changes).getByRole('button', { name: /Dupont/ });
    expect(client).toHaveAttribute('aria-expanded', 'true');
    expect(client).toHaveTextContent('1 saisie à la main remplacée');
    const cells = within(changes).getByRole('list', { name: 'Modifications de Dupont' });
    expect(within(cells).getAllByRole('listitem')[0]).toHaveTextContent('saisi à la main');
    expect(within(cells).getAllByRole('listitem')[1]).toHaveTextContent('(nouvelle ligne)');
    expect(within(changes).getByRole('region', { name: 'Mois clôturés : écarts non écrits' })).toHaveTextContent(
      'Dupont · Paid · Search · Janvier · Réel',
    );
  });

  it('maps a third party from « À affecter » with « Toujours pour ce tiers », then previews the kept file again', async () => {
    const user = userEvent.setup();
    const { sent, puts } = fakeServer();
    renderTab();
    await dropFile(user);

    const row = screen.getByRole('row', { name: 'Google Ireland · 604000' });
    expect(row).toHaveTextContent('100 €');
    expect(row).toHaveTextContent('604000 · Achat');
    await user.click(within(row).getByRole('button', { name: 'Affecter…' }));
    const group = screen.getByRole('group', { name: 'À affecter : Google Ireland · 604000' });
    await user.click(within(group).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Dupont' }));
    await user.type(within(group).getByRole('combobox', { name: 'Pôle' }), 'Paid');
    await user.type(within(group).getByRole('combobox', { name: 'Ligne' }), 'Google Ads');
    // A supplier serves many clients: « Toujours » is not ticked for it at first.
    const always = within(group).getByRole('checkbox', { name: 'Toujours pour ce tiers' });
    expect(always).not.toBeChecked();
    await user.click(always);
    await user.click(within(group).getByRole('button', { name: 'Affecter' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(puts).toHaveLength(1);
    expect(puts[0]!.clients).toEqual([...mapping.clients, { thirdParty: 'GOOGLE', clientId: dupont.id }]);
    expect(puts[0]!.rules).toEqual([
      { when: { thirdParty: 'GOOGLE', account: '604000' }, then: { pole: 'Paid', line: 'Google Ads' } },
      ...mapping.rules,
    ]);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(screen.queryByRole('group', { name: 'À affecter : Google Ireland · 604000' })).toBeNull();
  });

  it.each([
    [{ historyId: 42, cellsChanged: 2, linesCreated: 1 }, 'Import appliqué : 2 cellules, 1 ligne créée'],
    [{ historyId: null, cellsChanged: 0, linesCreated: 0 }, 'Rien à changer : le fichier est déjà importé.'],
  ] satisfies [FecApplyAnswer, string][])('applies the same bytes and says what changed (%j)', async (answer, text) => {
    const user = userEvent.setup();
    const { sent } = fakeServer((request) => ({
      status: 200,
      body: request.path.includes('/apply') ? answer : preview,
    }));
    renderTab();
    const card = await dropFile(user);

    await user.click(within(card).getByRole('button', { name: 'Appliquer' }));

    expect(await within(card).findByText(text)).toBeVisible();
    const apply = sent.find((r) => r.path === `/api/accounting/fec/apply?year=${YEAR}`);
    expect(apply?.body).toEqual(sent[0]!.body);
  });

  it("reorders and deletes rules, saves the document whole, and shows the server's refusal as is", async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderTab();
    const rules = await screen.findByRole('list', { name: 'Règles' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1.Si compte 706… →alors Paid · Search (client du tiers)',
      '2.Si compte 627… →alors Ignorer ces écritures',
    ]);

    await user.click(screen.getByRole('button', { name: 'Descendre la règle 1' }));
    server.refusePut('Règle 1 : une condition au moins est attendue.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));
    expect(await screen.findByText('Règle 1 : une condition au moins est attendue.')).toBeVisible();
    expect(server.puts[0]!.rules).toEqual([mapping.rules[1], mapping.rules[0]]);

    await user.click(screen.getByRole('button', { name: 'Supprimer la règle 1' }));
    expect(within(rules).getAllByRole('listitem')).toHaveLength(1);
  });

  it('edits a rule in its form, and forgets a new rule cancelled before it was validated', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderTab();
    const rules = await screen.findByRole('list', { name: 'Règles' });

    await user.click(screen.getByRole('button', { name: 'Modifier la règle 1' }));
    const form = screen.getByRole('form', { name: 'Modifier la règle' });
    await user.type(within(form).getByRole('textbox', { name: 'Journal' }), 'VE');
    await user.click(within(form).getByRole('combobox', { name: 'Client de la règle' }));
    await user.click(await screen.findByRole('option', { name: 'Dupont' }));
    await user.clear(within(form).getByRole('textbox', { name: 'Ligne' }));
    await user.type(within(form).getByRole('textbox', { name: 'Ligne' }), 'Display');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(within(rules).getAllByRole('listitem')[0]).toHaveTextContent(
      'Si compte 706… et journal VE →alors Paid · Display (client Dupont)',
    );

    await user.click(screen.getByRole('button', { name: 'Nouvelle règle' }));
    expect(within(rules).getAllByRole('listitem')).toHaveLength(3);
    await user.click(
      within(screen.getByRole('form', { name: 'Modifier la règle' })).getByRole('button', { name: 'Annuler' }),
    );
    expect(within(rules).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]!.rules[0]).toEqual({
      when: { account: '706', journal: 'VE' },
      then: { clientId: dupont.id, pole: 'Paid', line: 'Display' },
    });
  });

  it('shows the reconciliation per month: the tick, or why not', async () => {
    fakeServer();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Rapprochement par mois' });
    expect(within(table).getByRole('row', { name: 'Janvier' })).toHaveTextContent('Rapproché');
    expect(within(table).getByRole('row', { name: 'Février' })).toHaveTextContent('Non rapproché : reste à affecter');
    expect(within(table).getByRole('row', { name: 'Mars' })).toHaveTextContent('hors import');
    expect(screen.getByRole('button', { name: 'Annuler cet import' })).toBeVisible();
  });
});
