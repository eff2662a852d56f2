import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportConfirmDialog } from './import-confirm-dialog';

const renderDialog = (pending: { fileClients: number; currentClients: number } | null, isImporting = false) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ImportConfirmDialog
      pending={pending && { fileName: 'sauvegarde.json', ...pending }}
      isImporting={isImporting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel };
};

describe('ImportConfirmDialog', () => {
  it.each([
    [
      { fileClients: 4, currentClients: 3 },
      'contient 4 clients.',
      '3 clients actuels seront remplacés, avec toutes leurs données budgétaires.',
    ],
    [
      { fileClients: 1, currentClients: 1 },
      'contient 1 client.',
      '1 client actuel sera remplacé, avec toutes ses données budgétaires.',
    ],
    [{ fileClients: 0, currentClients: 0 }, 'contient 0 client.', 'La base est vide : aucun client ne sera remplacé.'],
  ])('states what the file holds and what it replaces: %j', (pending, holds, replaces) => {
    renderDialog(pending);

    const dialog = screen.getByRole('dialog', { name: 'Remplacer toutes les données ?' });
    expect(dialog).toHaveTextContent(`Le fichier sauvegarde.json ${holds}`);
    expect(dialog).toHaveTextContent(replaces);
  });

  it('confirms or cancels', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog({ fileClients: 2, currentClients: 5 });

    await user.click(screen.getByRole('button', { name: 'Remplacer les données' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be cancelled or confirmed twice while the import runs', () => {
    renderDialog({ fileClients: 2, currentClients: 5 }, true);

    expect(screen.getByRole('button', { name: 'Import en cours…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
  });

  it('is closed without a pending import', () => {
    renderDialog(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
