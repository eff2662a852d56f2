/**
 * Structure edits racing on PostgreSQL (issue 19, report rows 3a–3b re-run: 16 editors on 3
 * clients answered 500 three times on a DELETE and once on a new line). Each test holds the
 * client's row lock in a transaction of its own, as a cell save holds it, sends the requests, then
 * lets go: the answers are then those of requests that waited for one another, every time.
 * PGlite runs one transaction at a time, so there the same requests simply run one after the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, LineWire as Line, PoleWire as Pole } from '@/domain/schemas';
import { TEST_DB, createTestApp } from '@/server/test/test-db';

const Y = 2032;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

async function clientWithPole(name: string): Promise<{ client: Client; pole: Pole }> {
  const client = (await t.request<Client>('POST', '/api/clients', { name })).json;
  const pole = (
    await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['SEA'] })
  ).json;
  return { client, pole };
}

/**
 * Runs `requests` while another transaction holds the client's row lock (PostgreSQL), released
 * after `holdMs`, so that they take it in the order given; on PGlite, runs them one by one. Resolves to the answers and when each came.
 */
async function underClientLock<T>(clientId: string, requests: (() => Promise<T>)[], holdMs = 300) {
  if (TEST_DB === 'pglite') {
    const answers: { value: T; at: number }[] = [];
    for (const send of requests) answers.push({ value: await send(), at: Date.now() });
    return { answers, releasedAt: 0 };
  }
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const blocker = t.db.transaction(async (tx) => {
    await tx.query('select 1 from clients where id = $1 for update', [clientId]);
    locked();
    await held;
  });
  await lockTaken;
  // One by one, each sent once the one before waits for the lock: they then take it in this order.
  const pending: Promise<{ value: T; at: number }>[] = [];
  for (const send of requests) {
    pending.push(send().then((value) => ({ value, at: Date.now() })));
    await waitersAtLeast(pending.length);
  }
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  const releasedAt = Date.now();
  release();
  await blocker;
  return { answers: await Promise.all(pending), releasedAt };
}

/** Waits until `n` sessions of this database wait for a lock (10 s at most). */
async function waitersAtLeast(n: number) {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (rows[0]!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${n} requests never waited for the lock`);
}

describe('structure edits racing on one line', () => {
  it('two deletes of one line: one 204, the other 404 (not 500)', async () => {
    const { client, pole } = await clientWithPole('Suppressions SA');
    const line = pole.lines[0]!;
    const del = () => t.request('DELETE', `/api/lines/${line.id}?year=${Y}`);
    const { answers } = await underClientLock(client.id, [del, del]);
    expect(answers.map((a) => a.value.status).sort()).toEqual([204, 404]);
    expect(answers.find((a) => a.value.status === 404)!.value.json.error.message).toMatch(/Ligne introuvable/);
  });

  it('a rename or a move beside a delete of the same line: 404, not 500', async () => {
    const { client, pole } = await clientWithPole('Renommages concurrents SA');
    const extra = (await t.request<Line>('POST', `/api/poles/${pole.id}/lines?year=${Y}`, { name: 'Social' })).json;
    const line = pole.lines[0]!;
    const { answers } = await underClientLock(client.id, [
      () => t.request('DELETE', `/api/lines/${line.id}?year=${Y}`),
      () => t.request('PUT', `/api/lines/${line.id}/name?year=${Y}`, { name: 'Google Ads' }),
      () => t.request('POST', `/api/lines/${line.id}/move?year=${Y}`, { direction: 'down' }),
    ]);
    expect(answers.map((a) => a.value.status)).toEqual([204, 404, 404]);
    const poles = (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget?year=${Y}`)).json;
    expect(poles[0]!.lines.map((l) => l.id)).toEqual([extra.id]);
  });
});

describe('a new line waits for the client, as cell saves do', () => {
  // Its 12 monthly rows update the dashboard sums that a cell save's triggers update too: both
  // must lock the client first, or the two transactions deadlock (PostgreSQL 40P01 → 500).
  // Only PostgreSQL runs transactions side by side: on PGlite there is no wait to see (not declared there).
  if (TEST_DB === 'postgres') {
    it('POST /api/poles/:id/lines answers only once the client is free', async () => {
      const { client, pole } = await clientWithPole('Nouvelles lignes SA');
      const { answers, releasedAt } = await underClientLock(client.id, [
        () => t.request<Line>('POST', `/api/poles/${pole.id}/lines?year=${Y}`, { name: 'Display' }),
      ]);
      expect(answers[0]!.value.status).toBe(201);
      expect(answers[0]!.at).toBeGreaterThanOrEqual(releasedAt);
    });
  }

  it('the new line is there, with its 12 zeroed months', async () => {
    const { client, pole } = await clientWithPole('Nouvelles lignes bis SA');
    const res = await t.request<Line>('POST', `/api/poles/${pole.id}/lines?year=${Y}`, { name: 'Display' });
    expect(res.status).toBe(201);
    const poles = (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget?year=${Y}`)).json;
    expect(poles[0]!.lines.find((l) => l.id === res.json.id)?.reel).toEqual(Array.from({ length: 12 }, () => 0));
  });
});
