import { useId, useState } from 'react';
import type { FecPreviewAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useClients } from '@/web/lib/get-clients';
import { useClientPoles } from '../api/client-poles';
import { useAssign } from '../hooks/use-assign';
import { FIELD_LABELS, euros } from '../lib/format';

type Group = FecPreviewAnswer['unmapped'][number];

/** One « À affecter » group and the form that maps it: client, pole, line, « Toujours pour ce tiers », 'Affecter'. */
export function UnmappedRow({ year, group }: { year: number; group: Group }) {
  const id = useId();
  const clients = useClients(year).data ?? [];
  const [clientId, setClientId] = useState<string | null>(null);
  const [pole, setPole] = useState('');
  const [line, setLine] = useState('');
  const [always, setAlways] = useState(group.thirdParty !== '');
  const poles = useClientPoles(year, clientId).data ?? [];
  const lines = poles.find((p) => p.name === pole.trim())?.lines ?? [];
  const { assign, isPending, error } = useAssign();
  const name = group.thirdPartyName || group.thirdParty || 'Sans tiers';
  const label = `${name} · ${group.account}`;
  const canAssign = clientId !== null && pole.trim() !== '' && line.trim() !== '' && !isPending;

  return (
    <li role="group" aria-label={`À affecter : ${label}`} className="flex flex-col gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p>
          <span className="font-semibold">{name}</span>
          {group.thirdParty !== '' && group.thirdParty !== name && (
            <span className="text-muted-foreground"> ({group.thirdParty})</span>
          )}
          <span className="text-muted-foreground">
            {' '}
            · compte {group.account} · {FIELD_LABELS[group.field]}
          </span>
        </p>
        <p className="tabular-nums">
          <span className="font-semibold">{euros(group.amount)}</span>
          <span className="text-muted-foreground">
            {' '}
            · {group.lines} ligne{group.lines > 1 ? 's' : ''}
          </span>
        </p>
      </div>
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
        <Button
          disabled={!canAssign}
          onClick={() =>
            void assign(
              { thirdParty: group.thirdParty, account: group.account, clientId: clientId!, pole, line, always },
              label,
            )
          }
        >
          Affecter
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
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
