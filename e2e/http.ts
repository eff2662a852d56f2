import { expect } from '@playwright/test';
import type { Pole } from '../src/domain';

/** The JSON of an API call that must succeed (the specs' setup through `request`). */
export async function json<T>(
  response: Promise<{ ok(): boolean; json(): Promise<unknown>; status(): number }>,
): Promise<T> {
  const r = await response;
  expect(r.ok(), `HTTP ${r.status()}`).toBe(true);
  return (await r.json()) as T;
}

type Requests = {
  post(url: string, options: { data: unknown }): Promise<{ ok(): boolean; json(): Promise<unknown>; status(): number }>;
};

/** A new client of `year` with one pole and its lines (the specs' setup through `request`). */
export async function clientWithPole(request: Requests, year: number, client: string, pole: string, lines: string[]) {
  const created = await json<{ id: string }>(request.post(`/api/clients?year=${year}`, { data: { name: client } }));
  const poles = await json<Pole>(
    request.post(`/api/clients/${created.id}/poles?year=${year}`, { data: { name: pole, lines } }),
  );
  return { client: created, pole: poles };
}
