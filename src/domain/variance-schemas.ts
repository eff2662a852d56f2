/**
 * The zod schema of `PUT /api/variance/settings` (docs/product.md#variance), apart from variance.ts
 * so the dashboard bundle does not carry zod. French messages, shown as they are.
 */
import { z } from 'zod';
import { amountSchema } from './schemas';

/** The most a percent threshold may be: a gap of 1 000 % of the reference MB. */
export const MAX_VARIANCE_PERCENT = 1000;

/** `{threshold: {euros, percent} | null}`: euros ≥ 0 (cents at most), percent 0–1 000 (two decimals at most). */
export const varianceSettingsBody = z.strictObject({
  threshold: z
    .strictObject(
      {
        euros: amountSchema.refine((n) => n >= 0, { error: 'Le seuil en euros doit être positif ou nul.' }),
        percent: z
          .number({ error: 'Le seuil en pourcentage doit être un nombre.' })
          .min(0, { error: 'Le seuil en pourcentage doit être positif ou nul.' })
          .max(MAX_VARIANCE_PERCENT, { error: `Le seuil en pourcentage fait au plus ${MAX_VARIANCE_PERCENT} %.` })
          .refine((n) => Math.round(n * 100) / 100 === n, {
            error: 'Le seuil en pourcentage a au plus deux décimales.',
          }),
      },
      { error: 'threshold doit être {euros, percent} ou null.' },
    )
    .nullable(),
});
export type VarianceSettingsBody = z.input<typeof varianceSettingsBody>;
