/**
 * The thresholds' form (docs/product.md#alerts): its text fields from the settings, and the
 * settings from its fields — an empty field turns its alert off; a French reason for a bad one.
 */
import type { AlertSettingsWire } from './alerts-schemas';

export interface AlertForm {
  percent: string;
  euros: string;
  points: string;
  closeByDay: string;
  importByDay: string;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));

export function alertFormOf(s: AlertSettingsWire): AlertForm {
  return {
    percent: text(s.purchasesOverForecast?.percent),
    euros: text(s.purchasesOverForecast?.euros),
    points: text(s.marginRateBelow?.points),
    closeByDay: text(s.closeByDay),
    importByDay: text(s.importByDay),
  };
}

/** A number typed the French way (« 12,5 »), or null when empty; NaN when it is not a number. */
const numberOf = (t: string) => {
  const flat = t.replace(/\s/gu, '').replace(',', '.');
  return flat === '' ? null : /^\d+(\.\d+)?$/u.test(flat) ? Number(flat) : Number.NaN;
};

/** The settings of the form, or the first field's problem. */
export function settingsOfForm(
  f: AlertForm,
): { settings: AlertSettingsWire } | { field: keyof AlertForm; problem: string } {
  const values = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, numberOf(v)])) as Record<
    keyof AlertForm,
    number | null
  >;
  for (const [field, v] of Object.entries(values) as [keyof AlertForm, number | null][]) {
    if (v !== null && Number.isNaN(v)) return { field, problem: 'Un nombre positif est attendu (ou rien).' };
  }
  for (const field of ['closeByDay', 'importByDay'] as const) {
    const day = values[field];
    if (day !== null && (!Number.isInteger(day) || day < 1 || day > 28))
      return { field, problem: 'Un jour de 1 à 28 est attendu (ou rien).' };
  }
  if ((values.percent === null) !== (values.euros === null))
    return {
      field: values.percent === null ? 'percent' : 'euros',
      problem: 'Donnez le pourcentage et le montant, ou aucun des deux.',
    };
  return {
    settings: {
      purchasesOverForecast:
        values.percent === null || values.euros === null ? null : { percent: values.percent, euros: values.euros },
      marginRateBelow: values.points === null ? null : { points: values.points },
      closeByDay: values.closeByDay,
      importByDay: values.importByDay,
    },
  };
}
