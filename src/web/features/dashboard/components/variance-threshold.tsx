import { useState } from 'react';
import type { VarianceSettingsAnswer } from '@/domain/answers';
import { formatPercent } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { useIsAdmin } from '@/web/lib/access';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useSaveVarianceSettings, useVarianceSettings } from '../api/get-variance';

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** « Seuil de justification : 1 000,00 € et 10,0 % de la MB référence », or none. */
function thresholdText(settings: VarianceSettingsAnswer | undefined): string {
  const t = settings?.threshold;
  if (!t) return 'Aucun seuil de justification : aucun écart ne demande de justification.';
  return `Seuil de justification : au-delà de ${euroFormat.format(t.euros)} et de ${formatPercent(t.percent)} de la MB référence.`;
}

/** A number typed in French (`1 000,50`) → a number, or NaN. */
const typed = (text: string) => Number(text.replace(/\s/g, '').replace(',', '.'));

/** The threshold (docs/product.md#variance): said to everyone, set by an admin. */
export function VarianceThreshold() {
  const settings = useVarianceSettings();
  const isAdmin = useIsAdmin();
  const [editing, setEditing] = useState(false);
  const [euros, setEuros] = useState('');
  const [percent, setPercent] = useState('');
  const save = useSaveVarianceSettings();
  const submit = (threshold: { euros: number; percent: number } | null) =>
    save.mutate(
      { threshold },
      {
        onSuccess: () => {
          notifySuccess('Seuil enregistré', thresholdText({ threshold }));
          setEditing(false);
        },
        onError: (error) => notifyError('Seuil refusé', error.message, error),
      },
    );
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm text-muted-foreground">
      <p>{thresholdText(settings.data)}</p>
      {isAdmin && !editing && (
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          Modifier le seuil
        </Button>
      )}
      {editing && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit({ euros: typed(euros), percent: typed(percent) });
          }}
        >
          <Field label="Seuil en euros" inputMode="decimal" value={euros} onChange={(e) => setEuros(e.target.value)} />
          <Field label="Seuil en %" inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
          <Button size="sm" type="submit" disabled={save.isPending}>
            Enregistrer
          </Button>
          <Button size="sm" type="button" variant="outline" onClick={() => submit(null)}>
            Aucun seuil
          </Button>
        </form>
      )}
    </div>
  );
}
