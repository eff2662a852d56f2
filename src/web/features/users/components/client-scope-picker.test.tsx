import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClientScopePicker } from './client-scope-picker';

const clients = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bêta' },
  { id: 'c', name: 'Gamma' },
];

describe('ClientScopePicker (docs/product.md#user-scope)', () => {
  it('builds quick ticks on each other while the server has not answered yet', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    // The users list is not read again between the clicks: clientIds stays [] meanwhile.
    const { rerender } = render(
      <ClientScopePicker email="lea@agence.fr" clients={clients} clientIds={[]} onChange={onChange} />,
    );
    expect(screen.getByRole('status', { name: 'Clients de lea@agence.fr' })).toHaveTextContent(
      'Aucun client (à assigner)',
    );
    await user.click(screen.getByRole('button', { name: 'Assigner des clients…' }));
    await user.type(screen.getByLabelText('Rechercher un client'), 'beta');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bêta']);
    await user.click(screen.getByRole('option', { name: 'Bêta' }));
    await user.clear(screen.getByLabelText('Rechercher un client'));
    await user.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(onChange.mock.calls).toEqual([[['b']], [['b', 'a']]]);
    expect(screen.getByRole('status', { name: 'Clients de lea@agence.fr' })).toHaveTextContent(
      '2 clients : Alpha, Bêta',
    );

    // The server's answer wins once it comes.
    rerender(<ClientScopePicker email="lea@agence.fr" clients={clients} clientIds={['c']} onChange={onChange} />);
    expect(screen.getByRole('status', { name: 'Clients de lea@agence.fr' })).toHaveTextContent('1 client : Gamma');
  });
});
