import { useState } from 'react';
import { Plus } from 'lucide-react';
import { moveRule, removeRule, replaceRule } from '@/domain/accounting/mapping-edits';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useClients } from '@/web/lib/get-clients';
import { useMapping } from '../api/mapping';
import { useRulesDraft } from '../hooks/use-rules-draft';
import { MappingSettings } from './mapping-settings';
import { RuleForm } from './rule-form';
import { RuleItem } from './rule-item';

/**
 * 'Règles d'affectation': the rules in order (the first that matches wins), each editable, moved
 * up or down, deleted; saved together; tested against the kept file.
 */
export function RulesCard({ year, hasFile }: { year: number; hasFile: boolean }) {
  const mapping = useMapping();
  const clients = useClients(year).data ?? [];
  const draft = useRulesDraft(mapping.data);
  const [editing, setEditing] = useState<number | null>(null);
  /** The rule 'Nouvelle règle' added, until its form is validated. */
  const [added, setAdded] = useState<number | null>(null);
  const { rules } = draft;
  const clientName = (id: string) => clients.find((c) => c.id.toLowerCase() === id.toLowerCase())?.name;

  return (
    <Card aria-labelledby="rules-title" role="region">
      <CardHeader>
        <CardTitle id="rules-title" className="text-base">
          Règles d'affectation
        </CardTitle>
        <CardDescription>
          Essayées dans l'ordre : la première qui correspond à une écriture l'emporte. Communes à tous les exercices.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {mapping.isError && (
          <p role="alert" className="text-sm text-destructive">
            {mapping.error.message}
          </p>
        )}
        {mapping.data && <MappingSettings document={mapping.data} clientName={clientName} />}
        {rules.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucune règle : toutes les écritures sont à affecter.</p>
        ) : (
          <ol aria-label="Règles" className="flex flex-col divide-y rounded-md border">
            {rules.map((rule, index) => (
              <li key={index} className="px-3 py-2">
                {editing === index ? (
                  <RuleForm
                    rule={rule}
                    clients={clients}
                    onCancel={() => {
                      // A new rule cancelled before it was ever validated goes away.
                      if (index === added) draft.change(removeRule(rules, index));
                      setEditing(null);
                      setAdded(null);
                    }}
                    onDone={(next) => {
                      draft.change(replaceRule(rules, index, next));
                      setEditing(null);
                      setAdded(null);
                    }}
                  />
                ) : (
                  <RuleItem
                    rule={rule}
                    index={index}
                    count={rules.length}
                    clientName={clientName}
                    onMove={(delta) => draft.change(moveRule(rules, index, delta))}
                    onEdit={() => setEditing(index)}
                    onDelete={() => {
                      draft.change(removeRule(rules, index));
                      setEditing(null);
                    }}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
        {draft.error && (
          <p role="alert" className="text-sm text-destructive">
            {draft.error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!mapping.data}
            onClick={() => {
              draft.change([...rules, { when: { account: '' }, then: { pole: '', line: '' } }]);
              setEditing(rules.length);
              setAdded(rules.length);
            }}
          >
            <Plus aria-hidden="true" />
            Nouvelle règle
          </Button>
          <Button disabled={!draft.isDirty || draft.isSaving} onClick={() => void draft.save()}>
            Enregistrer les règles
          </Button>
          {draft.isDirty && (
            <Button variant="ghost" onClick={draft.discard}>
              Abandonner les modifications
            </Button>
          )}
          <Button variant="outline" disabled={!hasFile || draft.isSaving} onClick={() => void draft.test()}>
            Tester sur le dernier fichier
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
