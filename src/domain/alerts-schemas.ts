/**
 * The zod schema of `PUT /api/alerts/settings` and of `GET /api/alerts`'s query
 * (docs/product.md#alerts), apart from alerts.ts so the first bundle does not carry zod.
 */
import { z } from 'zod';
import { amountSchema, yearQuery } from './schemas';

const dayOfMonth = (name: string) =>
  z
    .number({ error: `${name} doit être un jour du mois (1 à 28) ou null.` })
    .int({ error: `${name} doit être un jour entier (1 à 28).` })
    .min(1, { error: `${name} doit valoir au moins 1.` })
    .max(28, { error: `${name} doit valoir au plus 28 (un jour que chaque mois a).` })
    .nullable();

/** The thresholds on the wire (euros). Every key is required: null turns an alert off. */
export const alertSettingsBody = z.strictObject({
  purchasesOverForecast: z
    .strictObject(
      {
        percent: z
          .number({ error: 'percent doit être un nombre (pourcentage).' })
          .min(0, { error: 'percent ne peut pas être négatif.' })
          .max(1000, { error: 'percent doit valoir au plus 1000 (%).' }),
        euros: amountSchema.refine((n) => n >= 0, { error: 'euros ne peut pas être négatif.' }),
      },
      { error: 'purchasesOverForecast doit être {percent, euros} ou null.' },
    )
    .nullable(),
  marginRateBelow: z
    .strictObject(
      {
        points: z
          .number({ error: 'points doit être un nombre (points de taux de marge).' })
          .min(0, { error: 'points ne peut pas être négatif.' })
          .max(100, { error: 'points doit valoir au plus 100.' }),
      },
      { error: 'marginRateBelow doit être {points} ou null.' },
    )
    .nullable(),
  closeByDay: dayOfMonth('closeByDay'),
  importByDay: dayOfMonth('importByDay'),
});
export type AlertSettingsWire = z.output<typeof alertSettingsBody>;

/** `GET /api/alerts?year`. */
export const alertsQuery = yearQuery;
