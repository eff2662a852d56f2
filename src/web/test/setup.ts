import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// An unexpected console.error fails the test: React warnings are bugs.
import '@/test/console-error-guard';

afterEach(() => cleanup());
