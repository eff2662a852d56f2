import { describe, expect, it } from 'vitest';
import type { GridMove } from '@/domain';
import { gridKeyAction, type GridKeyAction, type KeyPress } from './grid-keys';

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const idle = { isTyping: false, isEditing: false };
const typing = { isTyping: true, isEditing: false };
const editing = { isTyping: true, isEditing: true };
const move = (m: GridMove): GridKeyAction => ({ kind: 'move', move: m });
const extend = (m: GridMove): GridKeyAction => ({ kind: 'extend', move: m });

describe('gridKeyAction: the grid keys as data (ADR 024)', () => {
  it.each<[string, KeyPress, typeof idle, GridKeyAction | null]>([
    ['↓ moves down', press('ArrowDown'), idle, move('down')],
    ['↑ moves up, typing too (commits)', press('ArrowUp'), typing, move('up')],
    ['← moves left when typing (Excel entry mode)', press('ArrowLeft'), typing, move('left')],
    ['← stays in the text in edit mode', press('ArrowLeft'), editing, null],
    ['→ stays in the text in edit mode', press('ArrowRight'), editing, null],
    ['↑ still moves in edit mode', press('ArrowUp'), editing, move('up')],
    ['Enter moves down', press('Enter'), typing, move('down')],
    ['Shift+Enter moves up', press('Enter', { shiftKey: true }), typing, move('up')],
    ['Tab moves to the next cell', press('Tab'), idle, move('next')],
    ['Shift+Tab to the previous one', press('Tab', { shiftKey: true }), idle, move('previous')],
    ['Ctrl+Tab still moves', press('Tab', { ctrlKey: true }), idle, move('next')],
    ['Ctrl+↓ is not a grid move', press('ArrowDown', { ctrlKey: true }), idle, null],
    ['Ctrl+Enter is not a grid move', press('Enter', { ctrlKey: true }), idle, null],
    ['Shift+→ extends the selection', press('ArrowRight', { shiftKey: true }), idle, extend('right')],
    ['Shift+↑ while typing moves (commits)', press('ArrowUp', { shiftKey: true }), typing, move('up')],
    ['Shift+← in edit mode stays in the text', press('ArrowLeft', { shiftKey: true }), editing, null],
    ['Ctrl+Shift+→ does nothing of the grid', press('ArrowRight', { shiftKey: true, ctrlKey: true }), idle, null],
    ['Delete clears the selection', press('Delete'), idle, { kind: 'clear' }],
    ['Delete while typing is the text’s', press('Delete'), typing, null],
    ['Ctrl+R fills right', press('r', { ctrlKey: true }), idle, { kind: 'fillRight' }],
    ['⌘R fills right', press('r', { metaKey: true }), idle, { kind: 'fillRight' }],
    ['Ctrl+Shift+R fills right', press('R', { ctrlKey: true, shiftKey: true }), idle, { kind: 'fillRight' }],
    ['Ctrl+Alt+R does not', press('r', { ctrlKey: true, altKey: true }), idle, null],
    ['Ctrl+R while typing does not', press('r', { ctrlKey: true }), typing, null],
    ['a plain letter is the cell’s', press('r'), idle, null],
    ['a digit is the cell’s', press('5'), idle, null],
  ])('%s', (_name, keys, cell, action) => {
    expect(gridKeyAction(keys, cell)).toEqual(action);
  });
});
