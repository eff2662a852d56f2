import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The ADR bookkeeping of docs/decisions/README.md, held by a test: one number per decision (the
// first release ended with three 007s), each file dated and with a status, its heading and the
// index agreeing with its file name.
const dir = join(import.meta.dirname, '..', 'docs', 'decisions');
const adrs = readdirSync(dir)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));

describe('docs/decisions', () => {
  it('names every ADR NNN-kebab-title.md, with a number no other ADR has', () => {
    for (const { name } of adrs) expect(name).toMatch(/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*\.md$/);
    const numbers = adrs.map(({ name }) => name.slice(0, 3));
    const shared = numbers.filter((n, i) => numbers.indexOf(n) !== i);
    expect(shared, `ADR numbers used twice: ${shared.join(', ')}`).toEqual([]);
  });

  it('starts every ADR with "# NNN — title", then Date and Status lines', () => {
    for (const { name, text } of adrs) {
      const [heading = '', ...rest] = text.split('\n');
      expect(heading, name).toMatch(new RegExp(`^# ${name.slice(0, 3)} — \\S`));
      const head = rest.slice(0, 6).join('\n');
      expect(head, name).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
      expect(head, name).toMatch(/^Status: (proposed|accepted|deprecated|superseded by \d{3})$/m);
    }
  });

  it('lists every ADR in the index', () => {
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    for (const { name } of adrs) expect(index, name).toContain(`](${name})`);
  });
});
