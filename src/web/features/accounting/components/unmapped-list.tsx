import { useState } from 'react';
import type { FecPreviewAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { UnmappedRow } from './unmapped-row';

/** Groups shown at first, and added by 'Afficher plus': the list of a large file stays short in the page. */
const PAGE = 20;

/**
 * « À affecter »: the ledger lines no rule maps, by third party and account, largest amounts first;
 * each gets a client, a pole and a line, and becomes a rule.
 */
export function UnmappedList({ year, groups }: { year: number; groups: FecPreviewAnswer['unmapped'] }) {
  const [shown, setShown] = useState(PAGE);
  if (groups.length === 0) {
    return <p className="text-sm text-muted-foreground">Tout est affecté : aucune écriture ne reste sans règle.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="À affecter" className="flex flex-col gap-3">
        {groups.slice(0, shown).map((group) => (
          <UnmappedRow key={`${group.thirdParty}\u0000${group.account}`} year={year} group={group} />
        ))}
      </ul>
      {groups.length > shown && (
        <Button variant="outline" className="self-start" onClick={() => setShown((n) => n + PAGE)}>
          Afficher plus ({groups.length - shown} autre{groups.length - shown > 1 ? 's' : ''})
        </Button>
      )}
    </div>
  );
}
