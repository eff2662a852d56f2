/**
 * The zod schema of `PUT /api/settings` (docs/product.md#fiscal-years, ADR 056): the first month of
 * the fiscal year and how a year is named, apart from fiscal-year.ts so the first bundle does not
 * carry zod.
 */
import { z } from 'zod';

/** The agency's settings on the wire. Both keys are required. */
export const settingsBody = z.strictObject(
  {
    fiscalYearStartMonth: z
      .number({ error: 'fiscalYearStartMonth doit être un numéro de mois (1 à 12).' })
      .int({ error: 'fiscalYearStartMonth doit être un numéro de mois entier (1 à 12).' })
      .min(1, { error: 'fiscalYearStartMonth doit valoir au moins 1 (janvier).' })
      .max(12, { error: 'fiscalYearStartMonth doit valoir au plus 12 (décembre).' }),
    yearNaming: z.enum(['end', 'start'], {
      error: "yearNaming doit valoir 'end' (l'année de fin) ou 'start' (l'année de début).",
    }),
  },
  { error: 'Le corps doit être {fiscalYearStartMonth, yearNaming}.' },
);
