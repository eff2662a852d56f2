import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportScope } from '../hooks/use-backup-import';
import { ImportConfirmDialog } from './import-confirm-dialog';

const ALL_YEARS: ImportScope = { kind: 'all-years', years: [2025, 2026] };

const renderDialog = (
  pending: { fileClients: number; currentClients: number; scope?: ImportScope } | null,
  isImporting = false,
) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ImportConfirmDialog
      pending={pending && { fileName: 'sauvegarde.json', scope: ALL_YEARS, ...pending }}
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

  it.each<[string, ImportScope, string]>([
    [
      'a version 2 file replaces every year',
      { kind: 'all-years', years: [2025, 2026, 2027] },
      'Sauvegarde de tous les exercices (2025, 2026, 2027) : elle remplace les données de chaque exercice.',
    ],
    [
      'a version 2 file without any year still replaces every year',
      { kind: 'all-years', years: [] },
      'Sauvegarde de tous les exercices : elle remplace les données de chaque exercice.',
    ],
    [
      'a one-year file (SPEC) goes into the selected year, the others emptied',
      { kind: 'one-year', year: 2026 },
      "Sauvegarde d'un seul exercice : elle sera restaurée dans l'exercice 2026, et les autres exercices seront vidés.",
    ],
    [
      'a one-year export of another year says which',
      { kind: 'one-year', year: 2027, fileYear: 2025 },
      "Sauvegarde d'un seul exercice (2025) : elle sera restaurée dans l'exercice 2027, et les autres exercices seront vidés.",
    ],
    [
      'a one-year export of the selected year',
      { kind: 'one-year', year: 2026, fileYear: 2026 },
      "Sauvegarde d'un seul exercice : elle sera restaurée dans l'exercice 2026, et les autres exercices seront vidés.",
    ],
  ])('says which exercices it replaces: %s', (_label, scope, text) => {
    renderDialog({ fileClients: 2, currentClients: 3, scope });

    const dialog = screen.getByRole('dialog', { name: 'Remplacer toutes les données ?' });
    expect(dialog).toHaveTextContent('Le fichier sauvegarde.json contient 2 clients.');
    expect(dialog).toHaveTextContent(text);
    expect(dialog).toHaveTextContent('3 clients actuels seront remplacés, avec toutes leurs données budgétaires.');
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
