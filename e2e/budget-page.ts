import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MEASURE_LABELS, MONTHS, type Client, type Measure, type Pole } from '../src/domain';

/** Creates a client through the API, with these poles (name → lines). Returns its id. */
export async function createClientWithPoles(
  request: APIRequestContext,
  name: string,
  poles: Record<string, readonly string[]> = {},
): Promise<string> {
  const client = (await (await request.post('/api/clients', { data: { name } })).json()) as Client;
  for (const [pole, lines] of Object.entries(poles)) {
    await request.post(`/api/clients/${client.id}/poles`, { data: { name: pole, lines } });
  }
  return client.id;
}

/** The client's budget as stored on the server. */
export async function storedBudget(request: APIRequestContext, clientId: string): Promise<Pole[]> {
  return (await (await request.get(`/api/clients/${clientId}/budget`)).json()) as Pole[];
}

/** The budget tab as a user finds it: by roles and French labels. */
export function budgetTab(page: Page) {
  const main = page.getByRole('main');
  const clientCard = main.getByRole('region', { name: 'Gestion des Clients' });
  const grid = main.getByRole('region', { name: 'Tableau budgétaire' });
  return {
    clientCard,
    grid,
    clientSelect: main.getByRole('combobox', { name: 'Client', exact: true }),
    newClientName: main.getByRole('textbox', { name: 'Nouveau client' }),
    addClientButton: clientCard.getByRole('button', { name: 'Ajouter', exact: true }),
    /** docs/product.md#accessible-names: '{Pôle} · {Ligne} · {Mois} · {Mesure}'. */
    cell: (pole: string, line: string, month: number, measure: Measure): Locator =>
      grid.getByRole('textbox', {
        name: `${pole} · ${line} · ${MONTHS[month]} · ${MEASURE_LABELS[measure]}`,
        exact: true,
      }),
    toast: (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }),
    selectClient: async (name: string) => {
      await main.getByRole('combobox', { name: 'Client', exact: true }).click();
      await page.getByRole('option', { name, exact: true }).click();
    },
  };
}
