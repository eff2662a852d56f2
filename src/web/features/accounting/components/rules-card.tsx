import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useClients } from '@/web/lib/get-clients';
import { useMapping } from '../api/mapping';
import { useRulesDraft } from '../hooks/use-rules-draft';
import { MappingSettings } from './mapping-settings';
import { RulesList } from './rules-list';

/**
 * 'Règles d'affectation': the rules in order (the first that matches wins), each editable, moved
 * up or down, deleted; saved together; tested against the kept file.
 */
export function RulesCard({ year, hasFile }: { year: number; hasFile: boolean }) {
  const mapping = useMapping();
  const clients = useClients(year).data ?? [];
  const draft = useRulesDraft(mapping.data);
  const names = new Map(clients.map((c) => [c.id.toLowerCase(), c.name]));
  const clientName = (id: string) => names.get(id.toLowerCase());

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
        <RulesList
          rules={draft.rules}
          clients={clients}
          clientName={clientName}
          onChange={draft.change}
          canAdd={mapping.data !== undefined}
        />
        {draft.error && (
          <p role="alert" className="text-sm text-destructive">
            {draft.error}
          </p>
        )}
        <div className="flex flex-wrap gap-2 border-t pt-4">
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
