import { describe, expect, it } from 'vitest';
import { othersPresent } from './presence';

const user = (id: string, tab: string) => ({ id, name: `Nom ${id}`, initials: id.toUpperCase(), tab });

describe('othersPresent', () => {
  it.each([
    ['nobody else', [user('me', 'tab-a')], []],
    ['another person', [user('me', 'tab-a'), user('cm', 'tab-b')], ['cm']],
    ['my other tab is still me', [user('me', 'tab-a'), user('me', 'tab-c'), user('cm', 'tab-b')], ['cm']],
    ['one person in two tabs shows once', [user('cm', 'tab-b'), user('cm', 'tab-d')], ['cm']],
    ['my entry not there yet', [user('cm', 'tab-b')], ['cm']],
    // m18: without accounts the one person of this copy is `local`: another tab is not another person.
    ['local mode, my other tab', [{ id: 'local', name: 'local', initials: 'LO', tab: 'tab-b' }], []],
  ])('%s', (_name, users, ids) => {
    expect(othersPresent(users, 'tab-a').map((u) => u.id)).toEqual(ids);
  });
});
