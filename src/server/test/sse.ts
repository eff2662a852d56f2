/**
 * Reads a Server-Sent Events response the way EventSource does (fields `id`, `event`, `data`,
 * `retry`, comment lines), message by message, for the live-updates tests.
 */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  /** Every message read so far. */
  const seen: SseMessage[] = [];

  function parse(block: string): SseMessage {
    const m: SseMessage = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) m.comment = line.slice(1).trim();
      const at = line.indexOf(': ');
      if (at < 0) continue;
      const field = line.slice(0, at) as keyof SseMessage;
      const value = line.slice(at + 2);
      if (field === 'data') m.data = m.data === undefined ? value : `${m.data}\n${value}`;
      else if (field === 'id' || field === 'event' || field === 'retry') m[field] = value;
    }
    return m;
  }

  /** The next message, or null once the stream has ended; fails after `timeoutMs`. */
  async function next(timeoutMs = 10_000): Promise<SseMessage | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const m = parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        seen.push(m);
        return m;
      }
      if (done) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no SSE message within ${timeoutMs} ms; read so far: ${JSON.stringify(seen)}`);
      let timer: NodeJS.Timeout | undefined;
      // A read cut by the timeout stays pending: the next call waits on it, nothing is lost.
      pending ??= reader.read();
      const chunk = await Promise.race([
        pending,
        new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), left))),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') continue;
      pending = undefined;
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Reads until a message matches; returns it with the messages read before it. */
  async function until(match: (m: SseMessage) => boolean, timeoutMs = 10_000) {
    const before: SseMessage[] = [];
    for (;;) {
      const m = await next(timeoutMs);
      if (m === null) throw new Error(`the stream ended first; read: ${JSON.stringify(before)}`);
      if (match(m)) return { message: m, before };
      before.push(m);
    }
  }

  /** Reads until the stream ends; returns what came (fails after `timeoutMs`). */
  async function toEnd(timeoutMs = 10_000): Promise<SseMessage[]> {
    const rest: SseMessage[] = [];
    for (let m = await next(timeoutMs); m !== null; m = await next(timeoutMs)) rest.push(m);
    return rest;
  }

  return { next, until, toEnd, seen, cancel: () => reader.cancel().catch(() => undefined) };
}

/** The JSON of an event's data. */
export const dataOf = <T>(m: SseMessage): T => JSON.parse(m.data ?? 'null') as T;
