/**
 * 'Calculer cette ligne…' (docs/product.md#driver-lines): a line's measure as a percentage of the
 * sum of a measure over a pole's other lines or chosen lines of the client. The server computes
 * and refuses (a loop, a closed month) with its French message, shown here.
 */
import { useState } from 'react';
import { driverToWire, type Line, type LineDriverWire, type Measure, type Pole } from '@/domain';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { FormFooter, LineFormDialog } from './form-footer';
import { MeasureSelect } from './measure-select';
import type { useDriverActions } from '../hooks/use-driver-actions';

type DriverDialogProps = {
  line: Line;
  poles: readonly Pole[];
  /** Stores the driver; answers the server's refusal, or null once stored. */
  onSubmit: (driver: LineDriverWire) => Promise<string | null>;
  onClose: () => void;
};

const SELECT = 'h-9 rounded-md border bg-card px-2 text-sm';

/** The percent typed (`15`, `12,5`) as a number, or null when it is not one. */
const percentOf = (text: string): number | null => {
  const n = Number(text.trim().replace(',', '.').replace(/\s/g, ''));
  return text.trim() === '' || !Number.isFinite(n) ? null : n;
};

export function DriverDialog({ line, poles, onSubmit, onClose }: DriverDialogProps) {
  const current = line.driver && driverToWire(line.driver);
  const ownPole = poles.find((p) => p.lines.some((l) => l.id === line.id));
  const [measure, setMeasure] = useState<Measure>(current?.measure ?? 'previsionnel');
  const [percent, setPercent] = useState(current ? String(current.percent).replace('.', ',') : '');
  const [sourceMeasure, setSourceMeasure] = useState<Measure>(current?.sourceMeasure ?? 'achat_previsionnel');
  const [kind, setKind] = useState<'pole' | 'lines'>(current && 'lineIds' in current.sources ? 'lines' : 'pole');
  const [poleId, setPoleId] = useState(current && 'pole' in current.sources ? current.sources.pole : ownPole?.id);
  const [lineIds, setLineIds] = useState<string[]>(
    current && 'lineIds' in current.sources ? current.sources.lineIds : [],
  );
  const [error, setError] = useState<string | null>(null);
  const value = percentOf(percent);

  const submit = async () => {
    if (value === null) return setError('Indiquez un pourcentage (par exemple 15 ou 12,5).');
    const sources = kind === 'pole' ? { pole: poleId ?? '' } : { lineIds };
    const refusal = await onSubmit({ measure, percent: value, sourceMeasure, sources });
    if (refusal === null) onClose();
    else setError(refusal);
  };

  return (
    <LineFormDialog
      title="Calculer"
      lineName={line.name}
      onClose={onClose}
      onSubmit={() => void submit()}
      description={
        <>
          Chaque mois, la mesure choisie vaut ce pourcentage de la somme des sources (la ligne elle-même exclue),
          arrondi au centime. Ses cellules ne se saisissent plus ; elles suivent leurs sources.
        </>
      }
    >
      <div className="flex flex-wrap items-end gap-4">
        <MeasureSelect label="Mesure calculée" value={measure} onChange={setMeasure} />
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Pourcentage (%)
          <Input
            autoFocus
            inputMode="decimal"
            className="w-28 text-right"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </label>
        <MeasureSelect label="Mesure des sources" value={sourceMeasure} onChange={setSourceMeasure} />
      </div>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 font-medium">Sources</legend>
        <label className="flex items-center gap-2">
          <input type="radio" checked={kind === 'pole'} onChange={() => setKind('pole')} />
          Toutes les lignes du pôle
          <select
            aria-label="Pôle source"
            className={SELECT}
            value={poleId}
            onChange={(e) => {
              setPoleId(e.target.value);
              setKind('pole');
            }}
          >
            {poles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" checked={kind === 'lines'} onChange={() => setKind('lines')} />
          Les lignes cochées
        </label>
        {kind === 'lines' && (
          <div className="grid max-h-48 grid-cols-2 gap-1.5 overflow-auto pl-6">
            {poles.flatMap((p) =>
              p.lines
                .filter((l) => l.id !== line.id)
                .map((l) => (
                  <label key={l.id} className="flex items-center gap-1.5">
                    <Checkbox
                      checked={lineIds.includes(l.id)}
                      onCheckedChange={(c) =>
                        setLineIds((prev) => (c === true ? [...prev, l.id] : prev.filter((id) => id !== l.id)))
                      }
                    />
                    <span>
                      {p.name} · {l.name}
                    </span>
                  </label>
                )),
            )}
          </div>
        )}
      </fieldset>
      <FormFooter error={error} submit="Calculer" />
    </LineFormDialog>
  );
}

/** The 'Calculer cette ligne…' dialog of the line `drivers` has open, if any. */
export function OpenDriverDialog({
  drivers,
  poles,
}: {
  drivers: ReturnType<typeof useDriverActions>;
  poles: readonly Pole[];
}) {
  const line = drivers.driving;
  if (!line) return null;
  return (
    <DriverDialog
      line={line}
      poles={poles}
      onClose={drivers.close}
      onSubmit={(driver) => drivers.submit(line.id, driver)}
    />
  );
}
