import { useState } from 'react';
import { Plus } from 'lucide-react';
import { moveRule, removeRule, replaceRule } from '@/domain/accounting/mapping-edits';
import type { MappingRule } from '@/domain/accounting/types';
import { Button } from '@/web/components/ui/button';
import { RuleForm } from './rule-form';
import { RuleItem } from './rule-item';

/** Rules shown at first, and added by 'Afficher plus': a mapping of 300 clients may hold hundreds. */
const PAGE = 30;

type RulesListProps = {
  rules: MappingRule[];
  clients: readonly { id: string; name: string }[];
  clientName: (id: string) => string | undefined;
  /** The rules changed (a draft until saved). */
  onChange: (rules: MappingRule[]) => void;
  canAdd: boolean;
};

/** The rules in order, each shown in French or in its form; 'Nouvelle règle' adds one at the end. */
export function RulesList({ rules, clients, clientName, onChange, canAdd }: RulesListProps) {
  const [editing, setEditing] = useState<number | null>(null);
  /** The rule 'Nouvelle règle' added, until its form is validated. */
  const [added, setAdded] = useState<number | null>(null);
  const [shown, setShown] = useState(PAGE);
  const close = () => {
    setEditing(null);
    setAdded(null);
  };

  return (
    <>
      {rules.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune règle : toutes les écritures sont à affecter.</p>
      ) : (
        <ol aria-label="Règles" className="flex flex-col divide-y rounded-md border">
          {rules.slice(0, Math.max(shown, (editing ?? 0) + 1)).map((rule, index) => (
            <li key={index} className="px-3 py-2">
              {editing === index ? (
                <RuleForm
                  rule={rule}
                  clients={clients}
                  onCancel={() => {
                    // A new rule cancelled before it was ever validated goes away.
                    if (index === added) onChange(removeRule(rules, index));
                    close();
                  }}
                  onDone={(next) => {
                    onChange(replaceRule(rules, index, next));
                    close();
                  }}
                />
              ) : (
                <RuleItem
                  rule={rule}
                  index={index}
                  count={rules.length}
                  clientName={clientName}
                  onMove={(delta) => onChange(moveRule(rules, index, delta))}
                  onEdit={() => setEditing(index)}
                  onDelete={() => {
                    onChange(removeRule(rules, index));
                    close();
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        {rules.length > shown && (
          <Button variant="outline" onClick={() => setShown((n) => n + PAGE)}>
            Afficher plus ({rules.length - shown} autre{rules.length - shown > 1 ? 's' : ''})
          </Button>
        )}
        <Button
          variant="outline"
          disabled={!canAdd}
          onClick={() => {
            onChange([...rules, { when: { account: '' }, then: { pole: '', line: '' } }]);
            setEditing(rules.length);
            setAdded(rules.length);
          }}
        >
          <Plus aria-hidden="true" />
          Nouvelle règle
        </Button>
      </div>
    </>
  );
}
