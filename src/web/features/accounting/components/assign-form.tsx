import { useId, useState } from 'react';
import type { FecPreviewAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useClients } from '@/web/lib/get-clients';
import { useClientPoles } from '../api/client-poles';
import { useAssign } from '../hooks/use-assign';

export type Group = FecPreviewAnswer['unmapped'][number];

/**
 * The form that maps one « À affecter » group: client, pole, line (suggested from the client's
 * budget, any new name allowed), « Toujours pour ce tiers » (ticked at first for a sale, whose
 * third party is a customer; not for a supplier, who serves many clients), 'Affecter'.
 */
export function AssignForm({
  year,
  group,
  label,
  onDone,
}: {
  year: number;
  group: Group;
  label: string;
  onDone: () => void;
}) {
  const id = useId();
  const clients = useClients(year).data ?? [];
  const [clientId, setClientId] = useState<string | null>(null);
  const [pole, setPole] = useState('');
  const [line, setLine] = useState('');
  const [always, setAlways] = useState(group.thirdParty !== '' && group.field === 'reel');
  const poles = useClientPoles(year, clientId).data ?? [];
  const lines = poles.find((p) => p.name === pole.trim())?.lines ?? [];
  const { assign, isPending, error } = useAssign();
  const canAssign = clientId !== null && pole.trim() !== '' && line.trim() !== '' && !isPending;
  const submit = async () => {
    const assignment = {
      thirdParty: group.thirdParty,
      account: group.account,
      clientId: clientId!,
      pole,
      line,
      always,
    };
    if (await assign(assignment, label)) onDone();
  };

  return (
    <div role="group" aria-label={`À affecter : ${label}`} className="flex flex-col gap-2 py-1">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-56 flex-col gap-1.5">
          <span className="text-xs font-medium text-muted-foreground" aria-hidden="true">
            Client
          </span>
          <Select value={clientId ?? ''} onValueChange={setClientId}>
            <SelectTrigger aria-label="Client">
              <SelectValue placeholder="Choisir un client" />
            </SelectTrigger>
            <SelectContent>
              {clients.map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Suggested id={`${id}-poles`} label="Pôle" value={pole} onChange={setPole} options={poles.map((p) => p.name)} />
        <Suggested id={`${id}-lines`} label="Ligne" value={line} onChange={setLine} options={lines} />
        <label className="flex h-9 items-center gap-2 text-sm">
          <Checkbox
            checked={always}
            disabled={group.thirdParty === ''}
            onCheckedChange={(checked) => setAlways(checked === true)}
          />
          Toujours pour ce tiers
        </label>
        <Button disabled={!canAssign} onClick={() => void submit()}>
          Affecter
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Fermer
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input with suggestions (a datalist): the client's poles, then the pole's lines; any new name is fine. */
function Suggested(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: string[];
}) {
  return (
    <div className="flex w-56 flex-col gap-1.5">
      <label htmlFor={`${props.id}-input`} className="text-xs font-medium text-muted-foreground">
        {props.label}
      </label>
      <Input
        id={`${props.id}-input`}
        list={props.id}
        value={props.value}
        autoComplete="off"
        onChange={(e) => props.onChange(e.target.value)}
      />
      <datalist id={props.id}>
        {props.options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </div>
  );
}
