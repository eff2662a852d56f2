/**
 * The body of one event stream (GET /api/events): a byte stream the hub writes into through a
 * StreamSink, returned as the response body like any other. One ReadableStream and nothing else
 * between the hub and the socket — Hono's streamSSE chains a TransformStream and a second stream,
 * three promise hops per message per reader that a save paid for every open stream (issue 15's
 * bench: about half the fan-out's cost).
 *
 * A write resolves at once while less than `highWaterMark` bytes wait to be read, else when the
 * reader takes some: a write left pending is what the hub calls a stalled reader.
 */
import type { StreamSink } from './hub';

export function sseBody(
  highWaterMark = 16 * 1024,
  onDestroy?: () => void,
): { body: ReadableStream<Uint8Array>; sink: StreamSink } {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  /** Resolves the pending write once the reader has taken some. */
  let pulled: (() => void) | null = null;
  let ended = false;
  const aborts: (() => void)[] = [];
  const release = () => {
    const resolve = pulled;
    pulled = null;
    resolve?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: release,
      // The reader went away (the browser closed the tab, the connection dropped).
      cancel: () => {
        ended = true;
        release();
        for (const listener of aborts.splice(0)) listener();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark }),
  );
  return {
    body,
    sink: {
      write(text) {
        if (ended) return Promise.resolve();
        controller.enqueue(encoder.encode(text));
        if ((controller.desiredSize ?? 0) > 0) return Promise.resolve();
        return new Promise<void>((resolve) => (pulled = resolve));
      },
      close() {
        if (ended) return;
        ended = true;
        controller.close();
        release();
      },
      destroy() {
        // With a socket to drop, dropping it ends the body (the adapter cancels it): an errored
        // body would make the Node adapter print a stack trace per cut stream (the hub logs one
        // line). Without one (in-memory tests), erroring the body is the only way to end it.
        if (!ended && !onDestroy) controller.error(new Error('lecteur bloqué : flux coupé'));
        ended = true;
        release();
        onDestroy?.();
      },
      onAbort: (listener) => void aborts.push(listener),
    },
  };
}
