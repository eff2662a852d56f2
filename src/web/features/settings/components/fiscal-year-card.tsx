/**
 * 'Exercice comptable' (docs/product.md#fiscal-years, admin): the first month of the agency's year
 * and how a year is named. The server refuses a change once a year holds data; its French message
 * is shown as is under the form.
 */
import { useId, useState } from 'react';
import { CalendarRange } from 'lucide-react';
import type { SettingsAnswer } from '@/domain/answers';
import { yearSpan, type YearNaming } from '@/domain/fiscal-year';
import { MONTHS } from '@/domain/months';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useIsAdmin } from '@/web/lib/access';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
import { useSaveSettings } from '../api/save-settings';

const SELECT =
  'h-9 rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

const NAMINGS: { value: YearNaming; label: string }[] = [
  { value: 'end', label: 'Année de fin' },
  { value: 'start', label: 'Année de début' },
];

export function FiscalYearCard() {
  const isAdmin = useIsAdmin();
  const saved = useFiscalSettings();
  // null until edited: the form shows the saved setting, which arrives after the first render.
  const [edited, setEdited] = useState<SettingsAnswer | null>(null);
  const draft = edited ?? saved;
  const save = useSaveSettings();
  const ids = { start: useId(), naming: useId() };
  if (!isAdmin) return null;

  const isChanged = draft.fiscalYearStartMonth !== saved.fiscalYearStartMonth || draft.yearNaming !== saved.yearNaming;
  const example = new Date().getFullYear() + 1;
  return (
    <Card role="region" aria-labelledby="fiscal-year-card-title">
      <CardHeader>
        <CardTitle id="fiscal-year-card-title" className="flex items-center gap-2 text-base">
          <CalendarRange className="size-4 text-primary" aria-hidden="true" />
          Exercice comptable
        </CardTitle>
        <CardDescription>
          Le premier mois de l&apos;exercice et son nom, à choisir avant la saisie du premier budget. Exercice {example}{' '}
          : {yearSpan(draft, example)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft, { onSuccess: () => setEdited(null) });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.start} className="text-sm font-medium">
              Premier mois de l&apos;exercice
            </label>
            <select
              id={ids.start}
              className={SELECT}
              value={draft.fiscalYearStartMonth}
              onChange={(e) => setEdited({ ...draft, fiscalYearStartMonth: Number(e.target.value) })}
            >
              {MONTHS.map((name, m) => (
                <option key={name} value={m + 1}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.naming} className="text-sm font-medium">
              Nom de l&apos;exercice
            </label>
            <select
              id={ids.naming}
              className={SELECT}
              value={draft.yearNaming}
              onChange={(e) => setEdited({ ...draft, yearNaming: e.target.value as YearNaming })}
            >
              {NAMINGS.map((n) => (
                <option key={n.value} value={n.value}>
                  {n.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={!isChanged || save.isPending}>
            Enregistrer
          </Button>
        </form>
        {save.isError && (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {save.error.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
