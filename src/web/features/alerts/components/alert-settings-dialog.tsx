import { useState, type FormEvent } from 'react';
import { alertFormOf, settingsOfForm, type AlertForm } from '@/domain/alert-form';
import type { AlertSettingsAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { notifySuccess } from '@/web/lib/notify';
import { useSaveAlertSettings } from '../api/alerts';

type AlertSettingsDialogProps = {
  settings: AlertSettingsAnswer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const FIELDS: { key: keyof AlertForm; label: string; hint: string }[] = [
  { key: 'percent', label: 'Achats au-dessus de la prévision : écart (%)', hint: 'Par client, pôle et mois.' },
  {
    key: 'euros',
    label: 'Achats au-dessus de la prévision : écart (€)',
    hint: 'Les deux écarts doivent être dépassés.',
  },
  { key: 'points', label: 'Taux de marge sous la prévision (points)', hint: 'Par client, à date.' },
  { key: 'closeByDay', label: 'Mois clôturé au plus tard le (jour)', hint: 'Du mois suivant, 1 à 28.' },
  { key: 'importByDay', label: 'Import comptable au plus tard le (jour)', hint: 'Du mois suivant, 1 à 28.' },
];

/** The thresholds (docs/product.md#alerts), admin only: an empty field turns its alert off. */
export function AlertSettingsDialog({ settings, open, onOpenChange }: AlertSettingsDialogProps) {
  const [form, setForm] = useState<AlertForm>(() => alertFormOf(settings));
  const [issue, setIssue] = useState<{ field: keyof AlertForm; problem: string } | null>(null);
  const save = useSaveAlertSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsOfForm(form);
    if ('problem' in parsed) return setIssue(parsed);
    setIssue(null);
    save.mutate(parsed.settings, {
      onSuccess: () => {
        notifySuccess('Seuils enregistrés', 'Les alertes ont été réévaluées.');
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Seuils des alertes</DialogTitle>
          <DialogDescription>Laissez un champ vide pour désactiver son alerte.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {FIELDS.map(({ key, label, hint }) => (
            <Field
              key={key}
              label={label}
              hint={hint}
              inputMode="decimal"
              value={form[key]}
              issue={issue?.field === key ? issue.problem : undefined}
              onChange={(event) => setForm({ ...form, [key]: event.target.value })}
            />
          ))}
          {save.error && (
            <p role="alert" className="text-sm text-destructive">
              {save.error.message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Enregistrer
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
