import { memo, useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { POLE_CATALOGUE, findCataloguePole, linesToOffer, type PoleOutline } from '@/domain';
import type { CellRef } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useAddPole } from './api/client-budget';
import { FAILURE, notifyFailure, notifySuccess } from './lib/failure-messages';

/**
 * 'Add an Expertise Pole' (docs/product.md#add-pole-card): choose a catalogue pole, tick which of its default
 * lines not yet present to add (all ticked at first), add them.
 */
export const AddPoleCard = memo(function AddPoleCard({
  year,
  clientId,
  poles,
  onAdded,
}: {
  year: number;
  clientId: string;
  poles: readonly PoleOutline[];
  /** m9: the cursor goes to the first cell of the first line added (its row scrolled in). */
  onAdded: (cell: CellRef) => void;
}) {
  const [poleKey, setPoleKey] = useState<string>('');
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const addPole = useAddPole(year, clientId);
  const baseId = useId();

  const pole = findCataloguePole(poleKey);
  const offered = pole ? linesToOffer(poles, pole.key, pole.name) : [];
  const chosen = offered.filter((l) => !unticked.has(l));

  const choosePole = (key: string) => {
    setPoleKey(key);
    // docs/product.md#add-pole-card: a different pole clears the selection (here: back to all its lines ticked).
    setUnticked(new Set());
  };
  const toggle = (line: string, isChecked: boolean) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      if (isChecked) next.delete(line);
      else next.add(line);
      return next;
    });
  const add = () => {
    if (!pole || chosen.length === 0) return;
    addPole.mutate(
      { name: pole.name, lines: chosen },
      {
        onSuccess: (added) => {
          setPoleKey('');
          setUnticked(new Set());
          notifySuccess('Pôle ajouté', pole.name);
          const first = added.lines.find((l) => l.name === chosen[0]);
          if (first) onAdded({ lineId: first.id, month: 0, field: 'previsionnel' });
        },
        onError: (error) => notifyFailure(FAILURE.addPole, error),
      },
    );
  };

  return (
    // One row (title, pole, button) while no pole is chosen, so the grid stays right under it
    // (docs/product.md#budget-tab); the chosen pole's lines open beneath.
    <Card className="min-w-0 flex-1" role="region" aria-labelledby={`${baseId}-title`}>
      <CardContent className="flex flex-wrap items-center gap-x-4 gap-y-3 p-3">
        <CardTitle id={`${baseId}-title`} className="text-base">
          Ajouter un Pôle d'Expertise
        </CardTitle>
        <Select value={poleKey} onValueChange={choosePole}>
          <SelectTrigger aria-label="Pôle d'expertise" className="h-8 w-72 max-w-full">
            <SelectValue placeholder="Sélectionner un pôle d'expertise" />
          </SelectTrigger>
          <SelectContent>
            {POLE_CATALOGUE.map((p) => (
              <SelectItem key={p.key} value={p.key}>
                {p.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {pole && offered.length === 0 && (
          <p className="order-last basis-full text-sm text-muted-foreground">
            Toutes les lignes par défaut de ce pôle ont déjà été ajoutées. Vous pouvez ajouter des lignes personnalisées
            dans le tableau.
          </p>
        )}
        {pole && offered.length > 0 && (
          <fieldset className="order-last flex basis-full flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">Lignes par défaut à ajouter</legend>
            {/* docs/product.md#add-pole-card: keeping 3 lines of 14 is one click and three ticks. */}
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => setUnticked(new Set())}>
                Tout cocher
              </Button>
              <Button size="sm" variant="outline" onClick={() => setUnticked(new Set(offered))}>
                Tout décocher
              </Button>
            </div>
            <div className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-x-6 gap-y-2">
              {offered.map((line, i) => {
                const id = `${baseId}-line-${i}`;
                return (
                  <div key={line} className="flex items-center gap-2">
                    <Checkbox id={id} checked={!unticked.has(line)} onCheckedChange={(c) => toggle(line, c === true)} />
                    <label htmlFor={id} className="text-sm">
                      {line}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        )}
        <Button size="sm" onClick={add} disabled={!pole || chosen.length === 0 || addPole.isPending}>
          <Plus aria-hidden="true" />
          {`Ajouter (${chosen.length} ligne(s))`}
        </Button>
      </CardContent>
    </Card>
  );
});
