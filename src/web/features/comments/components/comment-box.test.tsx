import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommentBox } from './comment-box';

const people = [
  { id: 'u1', name: 'Camille Martin', email: 'camille@agence.fr' },
  { id: 'u2', name: 'Hélène Dupont', email: 'helene@agence.fr' },
];

const renderBox = (result = true) => {
  const onSubmit = vi.fn((_text: string, _mentions: string[]) => Promise.resolve(result));
  render(<CommentBox label="Nouveau commentaire" people={people} submitLabel="Commenter" onSubmit={onSubmit} />);
  return { onSubmit, box: screen.getByRole('combobox', { name: 'Nouveau commentaire' }) };
};

describe('CommentBox', () => {
  it('offers the people after @, picks one with Entrée, and sends their id while named', async () => {
    const user = userEvent.setup();
    const { onSubmit, box } = renderBox();
    await user.type(box, 'Bonjour @hél');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Hélène Duponthelene@agence.fr']);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Bonjour @Hélène Dupont ');
    expect(screen.queryByRole('option')).toBeNull();
    await user.type(box, 'peux-tu vérifier mars ?');
    await user.click(screen.getByRole('button', { name: 'Commenter' }));
    expect(onSubmit).toHaveBeenCalledWith('Bonjour @Hélène Dupont peux-tu vérifier mars ?', ['u2']);
    // Stored: the box empties.
    expect(box).toHaveValue('');
  });

  it('drops a mention erased from the text, and keeps the text of a refused comment', async () => {
    const user = userEvent.setup();
    const { onSubmit, box } = renderBox(false);
    await user.type(box, '@cam');
    await user.click(screen.getByRole('option', { name: /Camille Martin/ }));
    await user.clear(box);
    await user.type(box, 'Sans mention');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledWith('Sans mention', []);
    expect(box).toHaveValue('Sans mention');
  });

  it('cannot send a blank comment; Échap closes the list', async () => {
    const user = userEvent.setup();
    const { onSubmit, box } = renderBox();
    expect(screen.getByRole('button', { name: 'Commenter' })).toBeDisabled();
    await user.type(box, '@');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    await user.clear(box);
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Commenter' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
