import { expect } from '@playwright/test';

/** The JSON of an API call that must succeed (the specs' setup through `request`). */
export async function json<T>(
  response: Promise<{ ok(): boolean; json(): Promise<unknown>; status(): number }>,
): Promise<T> {
  const r = await response;
  expect(r.ok(), `HTTP ${r.status()}`).toBe(true);
  return (await r.json()) as T;
}
