/** A labelled choice of one of the four measures, in the grid's dialogs ('Répartir…', 'Calculer cette ligne…'). */
import { MEASURES, MEASURE_LABELS, type Measure } from '@/domain';

type MeasureSelectProps = { label: string; value: Measure; onChange: (measure: Measure) => void };

export function MeasureSelect({ label, value, onChange }: MeasureSelectProps) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      {label}
      <select
        className="h-9 rounded-md border bg-card px-2 text-sm"
        value={value}
        onChange={(e) => onChange(e.target.value as Measure)}
      >
        {MEASURES.map((m) => (
          <option key={m} value={m}>
            {MEASURE_LABELS[m]}
          </option>
        ))}
      </select>
    </label>
  );
}
