import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// An unexpected console.error fails the test: React warnings are bugs.
import '@/test/console-error-guard';

// Radix Select and Sonner use pointer capture and scrolls its items into view: jsdom has neither. (A file
// may run in Node instead, as boundaries.test.ts does: no DOM there.)
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  // Sonner's toasts capture the pointer on press (their swipe to dismiss).
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}

// findBy… and waitFor wait for a condition; their default limit of 1 s is a wall-clock threshold a
// busy 2-core machine crossed (the accounting tab's preview, rendered after a fetch and a parse,
// once took longer in a full run). The limit only bounds a failure: a passing test is as fast.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // The selected exercice is remembered in localStorage: each test starts from the current year.
  if (typeof window !== 'undefined') window.localStorage.clear();
});

// A toast closing as its test ends removes itself 200 ms later (Sonner's unmount delay, a timer no
// unmount clears). After a file's last test that timer fired once jsdom was gone: « window is not
// defined », an unhandled error that fails the run. Each file waits for it while its window exists.
afterAll(async () => {
  if (typeof window !== 'undefined') await new Promise((resolve) => setTimeout(resolve, 300));
});
