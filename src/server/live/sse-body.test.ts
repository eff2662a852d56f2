/**
 * The stalled-reader cut (the probe's B2 note): with a socket to drop, the stream is cut there and
 * is not errored — an errored body made the Node adapter print a full stack trace per cut stream;
 * the hub writes its one line instead.
 */
import { describe, expect, it } from 'vitest';
import { sseBody } from './sse-body';

describe('an event stream cut for a stalled reader', () => {
  it('drops the socket and releases the pending write, without erroring the body', async () => {
    let dropped = 0;
    const { body, sink } = sseBody(8, () => (dropped += 1));
    const reader = body.getReader();
    const outcome = reader.closed.then(
      () => 'closed',
      (err: unknown) => `errored: ${String(err)}`,
    );
    // Past the high-water mark, a write waits for the reader: the stall.
    const pending = sink.write('data: 0123456789\n\n');
    sink.destroy();
    await pending;
    expect(dropped).toBe(1);
    // The socket's close cancels the body (as the Node adapter does once the socket is gone).
    await reader.cancel();
    expect(await outcome).toBe('closed');
  });

  it('errors the body when there is no socket to drop (the only way to end it then)', async () => {
    const { body, sink } = sseBody(8);
    const reader = body.getReader();
    const outcome = reader.closed.then(
      () => 'closed',
      () => 'errored',
    );
    void sink.write('data: 0123456789\n\n');
    sink.destroy();
    expect(await outcome).toBe('errored');
  });
});
