/**
 * Setup of every Vitest project: an unexpected console.error fails the test (as Epic Stack's
 * setup does). Server faults, React warnings and failed requests all log through console.error,
 * so a log nobody expected is a bug that would otherwise pass unnoticed.
 *
 * A test that expects an error log says so by replacing the implementation for its own calls,
 * e.g. `vi.mocked(console.error).mockImplementationOnce(() => undefined)` or
 * `vi.spyOn(console, 'error').mockImplementation(…)`, and checks what was logged.
 */
import { afterEach, beforeEach, vi } from 'vitest';

const original = console.error;
/** Calls the guard saw since the current test began (a throw inside a try/catch is still seen). */
let unexpected: unknown[][] = [];

function guard(...args: unknown[]): void {
  original(...args);
  unexpected.push(args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
}

vi.spyOn(console, 'error').mockImplementation(guard);

beforeEach(() => {
  unexpected = [];
  // Back to the guard for each test, even after a test replaced or restored the spy.
  if (vi.isMockFunction(console.error)) vi.mocked(console.error).mockImplementation(guard);
  else vi.spyOn(console, 'error').mockImplementation(guard);
});

afterEach(() => {
  const calls = unexpected;
  unexpected = [];
  if (calls.length > 0) throw new Error(`console.error was called: ${calls[0]!.map(String).join(' ')}`);
});
