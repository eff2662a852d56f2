import { useState } from 'react';
import { conditionFromDraft, type ConditionDraft } from '@/domain/accounting/mapping-edits';
import type { MappingRule, RuleAction } from '@/domain/accounting/types';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

const CONDITIONS = [
  ['account', 'Compte (début du numéro)'],
  ['thirdParty', 'Tiers (CompAuxNum exact)'],
  ['journal', 'Journal'],
  ['label', 'Libellé contient'],
] as const;

/** « Client du tiers »: a rule naming no client (the third party's client in the mapping). */
const THIRD_PARTY_CLIENT = 'tiers';

type RuleFormProps = {
  rule: MappingRule;
  clients: readonly { id: string; name: string }[];
  onDone: (rule: MappingRule) => void;
  onCancel: () => void;
};

/**
 * A rule's form: its conditions, then what it does — a pole and a line (of a client, or of the
 * third party's), or ignore. A split or a spread keeps its action as it is (shown, not edited here).
 */
export function RuleForm({ rule, clients, onDone, onCancel }: RuleFormProps) {
  const [when, setWhen] = useState<ConditionDraft>({
    account: rule.when.account ?? '',
    thirdParty: rule.when.thirdParty ?? '',
    journal: rule.when.journal ?? '',
    label: rule.when.label ?? '',
  });
  const then = rule.then;
  const isEditable = 'ignore' in then || 'pole' in then;
  const [kind, setKind] = useState<'place' | 'ignore'>('ignore' in then ? 'ignore' : 'place');
  const [clientId, setClientId] = useState(('clientId' in then && then.clientId) || THIRD_PARTY_CLIENT);
  const [pole, setPole] = useState('pole' in then ? then.pole : '');
  const [line, setLine] = useState('pole' in then ? then.line : '');

  const action = (): RuleAction => {
    if (!isEditable) return then;
    if (kind === 'ignore') return { ignore: true };
    const place = { pole: pole.trim(), line: line.trim() };
    return clientId === THIRD_PARTY_CLIENT ? place : { clientId, ...place };
  };

  return (
    <form
      aria-label="Modifier la règle"
      className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onDone({ when: conditionFromDraft(when, rule.when.column), then: action() });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {CONDITIONS.map(([key, label]) => (
          <Field
            key={key}
            label={label}
            value={when[key]}
            onChange={(e) => setWhen({ ...when, [key]: e.target.value })}
          />
        ))}
      </div>
      {rule.when.column && (
        <p className="text-xs text-muted-foreground">
          Condition sur la colonne {rule.when.column.name} = « {rule.when.column.equals} » conservée.
        </p>
      )}
      {isEditable ? (
        <div className="flex flex-wrap items-end gap-3">
          <LabelledSelect label="Action" value={kind} onChange={(v) => setKind(v as 'place' | 'ignore')}>
            <SelectItem value="place">Affecter à un pôle et une ligne</SelectItem>
            <SelectItem value="ignore">Ignorer ces écritures</SelectItem>
          </LabelledSelect>
          {kind === 'place' && (
            <>
              <LabelledSelect label="Client de la règle" value={clientId} onChange={setClientId}>
                <SelectItem value={THIRD_PARTY_CLIENT}>Client du tiers</SelectItem>
                {clients.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.name}
                  </SelectItem>
                ))}
              </LabelledSelect>
              <Field label="Pôle" value={pole} onChange={(e) => setPole(e.target.value)} />
              <Field label="Ligne" value={line} onChange={(e) => setLine(e.target.value)} />
            </>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Une répartition se modifie dans le document des règles (API) ; ses conditions se modifient ici.
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Valider
        </Button>
        <Button variant="outline" size="sm" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}

function LabelledSelect(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="flex w-60 flex-col gap-1.5">
      <span className="text-sm font-medium" aria-hidden="true">
        {props.label}
      </span>
      <Select value={props.value} onValueChange={props.onChange}>
        <SelectTrigger aria-label={props.label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>{props.children}</SelectContent>
      </Select>
    </div>
  );
}
