import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/web/test/render-app';

// test/setup.ts turns console.error into a failure; the 404 page logs on purpose (docs/product.md#routes), so
// each test here lets exactly one call through and checks it.
const consoleError = vi.mocked(console.error);

describe('404 page', () => {
  beforeEach(() => {
    consoleError.mockClear();
    consoleError.mockImplementationOnce(() => undefined);
  });

  it('shows the message and a link back to /, and logs the attempted path', () => {
    renderApp('/nope');

    expect(screen.getByText('Oops! Page not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/nope');
  });

  it('catches nested unknown paths too', () => {
    renderApp('/clients/42/budget');

    expect(screen.getByText('Oops! Page not found')).toBeVisible();
    expect(consoleError).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      '/clients/42/budget',
    );
  });

  it('"Return to Home" leads to the main screen', async () => {
    const user = userEvent.setup();
    renderApp('/nope');

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));

    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});
