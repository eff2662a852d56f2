import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ALL_CLIENTS, type ClientFilter } from '@/domain/client-filter';
import { ClientMultiSelect } from './client-multi-select';

const clients = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
  { id: 'e', name: 'Émile' },
];

/** The multi-select with its state, as the home screen holds it. */
function Harness() {
  const [filter, setFilter] = useState<ClientFilter>(ALL_CLIENTS);
  return <ClientMultiSelect clients={clients} filter={filter} onChange={setFilter} />;
}

describe('ClientMultiSelect', () => {
  it('goes all → one → two → badge removed → all, as docs/product.md#dashboard-filter says', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Sélectionner des clients :')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Tous les clients' }));
    expect(screen.getByRole('option', { name: 'Tous les clients' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: 'Beta' }));
    expect(screen.getByRole('button', { name: '1 client(s) sélectionné(s)' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Tous les clients' })).toHaveAttribute('aria-selected', 'false');

    await user.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(screen.getByRole('button', { name: '2 client(s) sélectionné(s)' })).toBeVisible();
    // Badges in the order chosen.
    expect(screen.getAllByRole('button', { name: /^Retirer / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Retirer Beta',
      'Retirer Alpha',
    ]);

    // Toggling a selected client removes it.
    await user.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(screen.getByRole('button', { name: '1 client(s) sélectionné(s)' })).toBeVisible();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Retirer Beta' }));
    expect(screen.getByRole('button', { name: 'Tous les clients' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Retirer / })).toBeNull();
  });

  it('searches by name, accents and case aside, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Tous les clients' }));
    const search = screen.getByPlaceholderText('Rechercher un client...');

    await user.type(search, 'EMI');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Émile']);
    await user.clear(search);
    await user.type(search, 'a');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Alpha', 'Beta']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('Aucun client trouvé.')).toBeVisible();
  });
});
