/**
 * The one place the server's tests read the process environment (lint forbids `process.env`
 * everywhere else but src/server/env.ts): which engine the API suite runs on, where PostgreSQL's
 * programs are, and the environment a spawned child process inherits.
 */

/** The engine of this API project (vitest.config.ts sets TEST_DB per project). */
export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** PostgreSQL's bin directory when the machine names one (PG_BIN), else undefined. */
export const PG_BIN: string | undefined = process.env.PG_BIN;

/** This process's environment with `overrides` on top: what a spawned server or command gets. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
