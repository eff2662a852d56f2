import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChecklistAnswer } from '@/domain/answers';
import { readYear } from '@/web/hooks/use-year';
import { sharedKeys } from '@/web/lib/query-keys';
import { ClosingCard } from './closing-card';

const YEAR = readYear();

function renderCard(checklist: ChecklistAnswer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(checklist), { headers: { 'Content-Type': 'application/json' } })),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sharedKeys.locks(YEAR), []);
  queryClient.setQueryData(sharedKeys.access(), { mode: 'local', role: 'admin', clientIds: null, viewAs: null });
  render(
    <QueryClientProvider client={queryClient}>
      <ClosingCard />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("ClosingCard's checklist", () => {
  it('warns about a month the ledger and the tool disagree on, and does not say nothing is unfinished', async () => {
    const text = 'Janvier : non rapproché avec la comptabilité (120 € à affecter).';
    renderCard({ items: [], gaps: [], accounting: { reconciled: false, text } });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Clôturer janvier' }));
    const checks = within(screen.getByRole('dialog')).getByRole('region', { name: 'Points à vérifier' });

    expect(await within(checks).findByRole('note')).toHaveTextContent(text);
    expect(within(checks).queryByText('Rien ne semble inachevé pour ce mois.')).toBeNull();
  });

  it('says a reconciled month plainly', async () => {
    renderCard({
      items: [],
      gaps: [],
      accounting: { reconciled: true, text: 'Janvier : rapproché avec la comptabilité.' },
    });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Clôturer janvier' }));
    const checks = within(screen.getByRole('dialog')).getByRole('region', { name: 'Points à vérifier' });

    expect(await within(checks).findByText('Janvier : rapproché avec la comptabilité.')).toBeVisible();
    expect(within(checks).queryByRole('note')).toBeNull();
    expect(within(checks).getByText('Rien ne semble inachevé pour ce mois.')).toBeVisible();
  });

  it('lists the gaps above the threshold that have no justification', async () => {
    renderCard({
      items: [],
      gaps: [{ clientId: 'a', clientName: 'Alpha', gap: -30_000, versionName: 'Budget initial' }],
      accounting: null,
    });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Clôturer janvier' }));
    const gaps = await within(screen.getByRole('dialog')).findByRole('list', { name: 'Écarts non justifiés' });

    expect(gaps).toHaveTextContent(/Écart non justifié — Alpha : -300.€ contre « Budget initial »/);
    expect(screen.queryByText('Rien ne semble inachevé pour ce mois.')).toBeNull();
  });
});
