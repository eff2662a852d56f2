import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Picks the exercice in the header's 'Exercice' select, and waits until it shows. */
export async function selectYear(page: Page, year: number) {
  const select = page.getByRole('banner').getByRole('combobox', { name: 'Exercice' });
  await select.click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
  await expect(select).toHaveText(String(year));
}
