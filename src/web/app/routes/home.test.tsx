import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentYear } from '@/domain/years';
import { readYear } from '@/web/hooks/use-year';
import { sharedKeys } from '@/web/lib/query-keys';
import { renderApp } from '@/web/test/render-app';

const TAB_NAMES = ['Saisie Budgétaire', 'Dashboard', 'Dashboard Pôles', 'Clôture'];

// The dashboards are lazy chunks that pull the charting library: their first import is transformed
// here, which took over a second on a loaded machine (past findBy's wait). Imported once before
// the tests, the tabs' lazy imports resolve from the module cache: what the tests check is the
// switching, not how fast this machine transforms a chunk.
beforeAll(async () => {
  await Promise.all([
    import('@/web/features/dashboard/components/dashboard-tab'),
    import('@/web/features/dashboard/components/poles-dashboard-tab'),
  ]);
}, 60_000);

describe('main screen', () => {
  it('shows the product name and the three-button navigation in the header', () => {
    renderApp('/');

    const header = screen.getByRole('banner');
    expect(within(header).getByText('Budget & Marges')).toBeVisible();
    const nav = within(header).getByRole('navigation', { name: 'Navigation principale' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(TAB_NAMES);
  });

  it("offers in the header's 'Exercice' select the years holding data, the current and the next, and switches", async () => {
    const user = userEvent.setup();
    const now = currentYear();
    const { queryClient } = renderApp('/');
    queryClient.setQueryData(sharedKeys.years(), [{ year: 2019, clients: 4 }]);
    queryClient.setQueryData(sharedKeys.clients(now + 1), []);

    const select = within(screen.getByRole('banner')).getByRole('combobox', { name: 'Exercice' });
    expect(select).toHaveTextContent(String(now));
    await user.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '2019',
      String(now),
      String(now + 1),
      'Ouvrir un exercice passé…',
    ]);
    await user.click(screen.getByRole('option', { name: String(now + 1) }));

    expect(select).toHaveTextContent(String(now + 1));
    expect(readYear()).toBe(now + 1);
    expect(screen.getByRole('button', { name: `Préparer ${now + 2}` })).toBeVisible();
  });

  it("opens a past year with no data from 'Ouvrir un exercice passé…', from 2000 to last year", async () => {
    const user = userEvent.setup();
    const now = currentYear();
    const { queryClient } = renderApp('/');
    queryClient.setQueryData(sharedKeys.clients(2003), []);

    const select = within(screen.getByRole('banner')).getByRole('combobox', { name: 'Exercice' });
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Ouvrir un exercice passé…' }));
    const dialog = screen.getByRole('dialog', { name: 'Ouvrir un exercice passé' });
    const year = within(dialog).getByRole('textbox', { name: 'Année' });
    expect(year).toHaveValue(String(now - 1));

    for (const refused of ['1999', String(now)]) {
      await user.clear(year);
      await user.type(year, refused);
      expect(within(dialog).getByRole('button', { name: 'Ouvrir' })).toBeDisabled();
      expect(within(dialog).getByText(`Une année de 2000 à ${now - 1} est attendue.`)).toBeVisible();
    }
    await user.clear(year);
    await user.type(year, '2003');
    await user.click(within(dialog).getByRole('button', { name: 'Ouvrir' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(select).toHaveTextContent('2003');
    expect(readYear()).toBe(2003);
  });

  it("shows the 'Comptabilité' tab to an admin only", async () => {
    const { queryClient } = renderApp('/');
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).queryByRole('button', { name: 'Comptabilité' })).toBeNull();

    queryClient.setQueryData(sharedKeys.access(), { mode: 'local', role: 'viewer', clientIds: null, viewAs: null });
    expect(within(nav).queryByRole('button', { name: 'Comptabilité' })).toBeNull();

    queryClient.setQueryData(sharedKeys.access(), { mode: 'local', role: 'admin', clientIds: null, viewAs: null });
    expect(await within(nav).findByRole('button', { name: 'Comptabilité' })).toBeVisible();
  });

  it('opens on the budget tab', () => {
    renderApp('/');

    expect(screen.getByRole('button', { name: 'Saisie Budgétaire' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Dashboard Pôles' })).toHaveAttribute('aria-pressed', 'false');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();
  });

  it("shows each tab's content when its button is clicked, and only that tab", async () => {
    const user = userEvent.setup();
    renderApp('/');
    const steps = [
      ['Dashboard', 'Dashboard'],
      ['Dashboard Pôles', "Dashboard Pôles d'Expertise"],
      ['Clôture', 'Clôture et sauvegardes'],
      ['Saisie Budgétaire', 'Saisie Budgétaire'],
    ] as const;

    for (const [button, heading] of steps) {
      await user.click(screen.getByRole('button', { name: button }));

      const main = screen.getByRole('main');
      // The dashboards are lazy chunks: their heading appears after the spinner.
      expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
      for (const name of TAB_NAMES) {
        expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', String(name === button));
      }
    }
  });

  it('keeps the tab in state, not in the URL', async () => {
    const user = userEvent.setup();
    renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe('');
  });
});
