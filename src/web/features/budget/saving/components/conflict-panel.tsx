import { useQueryClient } from '@tanstack/react-query';
import { formatEurosExact, type Pole } from '@/domain';
import { LOCAL_ACTOR } from '@/domain/history';
import { cellNameIn } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { cellSaveQueue, useConflicts, type YearCellUpdate } from '../api/save-cells';
import type { ConflictGroup, ConflictInfo } from '../api/cell-save-queue';
import { showCells } from '../../api/client-budget';

/** How many cells of a refused paste are named; the others are counted. */
const NAMED = 5;

// m18: without accounts the other writer is this person's other tab, not someone called « local ».
const nameOf = (info: ConflictInfo) =>
  info.byName === null ? 'l’autre personne' : info.byName === LOCAL_ACTOR ? 'l’autre onglet' : info.byName;

/**
 * docs/product.md#conflict-choice: the saves someone else's change refused, above the grid, each
 * waiting for the user's choice — nothing typed is lost meanwhile (the cells keep the user's
 * values, marked). A typed cell: 'Garder ma valeur' (sent again) or 'Prendre la valeur de {nom}'.
 * A paste (several cells): 'Tout écraser' or 'Ignorer les cellules modifiées' (the rest is saved).
 */
export function ConflictPanel({ year, poles }: { year: number; poles: readonly Pole[] }) {
  const queryClient = useQueryClient();
  const groups = useConflicts().filter((g) => [...g.cells.values()].some((c) => c.year === year));
  const monthNames = useMonthNames(year).full;
  if (groups.length === 0) return null;

  const resolve = (group: ConflictGroup<YearCellUpdate>, choice: 'mine' | 'theirs', keys?: string[]) => {
    const taken = cellSaveQueue().resolve(group.id, choice, keys);
    if (taken.length > 0) showCells(queryClient, year, taken);
  };

  return (
    <section
      role="region"
      aria-label="Conflits de saisie"
      className="flex flex-col gap-2 rounded-lg border border-amber-500 bg-amber-50 p-3 text-sm"
    >
      {groups.map((group) => {
        const entries = [...group.conflicts];
        if (group.cells.size > 1) {
          const first = entries[0]?.[1];
          return (
            <div key={group.id} role="group" aria-label="Collage en conflit" className="flex flex-col gap-1.5">
              <p className="font-medium">
                {entries.length} cellule{entries.length > 1 ? 's' : ''} de votre envoi{' '}
                {entries.length > 1 ? 'ont' : 'a'} été modifiée{entries.length > 1 ? 's' : ''} par{' '}
                {first ? nameOf(first) : 'une autre personne'} entre-temps
                {'\u00a0'}: rien n’est enregistré tant que vous n’avez pas choisi.
              </p>
              <ul className="list-disc pl-5 text-xs">
                {entries.slice(0, NAMED).map(([key, info]) => {
                  const mine = group.cells.get(key)!;
                  return (
                    <li key={key}>
                      {cellNameIn(poles, mine, monthNames)}
                      {'\u00a0'}: la vôtre {formatEurosExact(mine.value)}, celle de {nameOf(info)}{' '}
                      {formatEurosExact(info.current)}
                    </li>
                  );
                })}
                {entries.length > NAMED && <li>et {entries.length - NAMED} autre(s)</li>}
              </ul>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => resolve(group, 'mine')}>
                  Tout écraser
                </Button>
                <Button size="sm" variant="outline" onClick={() => resolve(group, 'theirs')}>
                  Ignorer les cellules modifiées
                </Button>
              </div>
            </div>
          );
        }
        return entries.map(([key, info]) => {
          const mine = group.cells.get(key)!;
          const label = cellNameIn(poles, mine, monthNames);
          return (
            <div
              key={`${group.id}:${key}`}
              role="group"
              aria-label={`Conflit · ${label}`}
              className="flex flex-wrap items-center justify-between gap-2"
            >
              <p>
                <span className="font-medium">{label}</span> a été modifiée par {nameOf(info)} pendant votre saisie
                {'\u00a0'}: votre valeur {formatEurosExact(mine.value)}, la sienne {formatEurosExact(info.current)}.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => resolve(group, 'mine', [key])}>
                  Garder ma valeur
                </Button>
                <Button size="sm" variant="outline" onClick={() => resolve(group, 'theirs', [key])}>
                  Prendre la valeur de {nameOf(info)}
                </Button>
              </div>
            </div>
          );
        });
      })}
    </section>
  );
}
