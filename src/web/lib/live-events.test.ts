import { describe, expect, it } from 'vitest';
import { changeEventWire } from '@/domain/testing/builders';
import { readChange, readPresence } from './live-events';

const change = (extra: Record<string, unknown>) => JSON.stringify(changeEventWire(extra));

describe('readChange', () => {
  it('reads the cells into cents', () => {
    expect(
      readChange(change({ cells: [{ lineId: 'l1', month: 3, field: 'reel', value: '1234.56' }] }), 'tab-a'),
    ).toEqual({
      historyId: 12,
      clientId: 'c1',
      year: 2026,
      source: 'saisie',
      byName: 'Camille Martin',
      byInitials: 'CM',
      cells: [{ lineId: 'l1', month: 3, field: 'reel', value: 123456 }],
    });
  });

  it.each([
    ['its own echo', change({ cells: [] }), 'tab-b'],
    ['unreadable JSON', '{', 'tab-a'],
    ['no history id', change({ historyId: 'x' }), 'tab-a'],
  ])('drops %s', (_name, data, tab) => {
    expect(readChange(data, tab)).toBeNull();
  });

  it.each([
    ['absent (structure, closing…)', undefined],
    [
      'one unreadable cell among them',
      [
        { lineId: 'l1', month: 0, field: 'reel', value: '1' },
        { lineId: 'l1', month: 12, field: 'reel', value: '1' },
      ],
    ],
    ['an unknown measure', [{ lineId: 'l1', month: 0, field: 'marge', value: 1 }]],
  ])('no cells to apply when they are %s: the client reloads instead', (_name, cells) => {
    expect(readChange(change({ cells }), 'tab-a')?.cells).toBeNull();
  });

  it('falls back on the actor when there is no name, and keeps a change of no client', () => {
    const read = readChange(change({ byName: '', clientId: null, origin: null }), 'tab-a');
    expect(read).toMatchObject({ byName: 'camille@agence.fr', byInitials: 'CA', clientId: null });
  });
});

describe('readPresence', () => {
  it('reads the client and year, or nothing', () => {
    expect(readPresence(JSON.stringify({ clientId: 'c1', year: 2026, users: [] }))).toEqual({
      clientId: 'c1',
      year: 2026,
    });
    expect(readPresence('{"year":2026}')).toBeNull();
  });
});
