import { Fragment, type ReactNode } from 'react';
import type { Client } from '@/domain';
import { Spinner } from '@/web/components/ui/spinner';
import { useYear } from '@/web/hooks/use-year';
import { useClients } from '@/web/lib/get-clients';
import { FAILURE } from './lib/failure-messages';
import { useFailureToast } from './hooks/use-failure-toast';
import { useSelectedClientId } from './clients/hooks/use-selected-client-id';
import { usePresenceBeat } from './live/api/presence';
import { BudgetEditor } from './budget-editor';
import { ClientCard } from './clients/components/client-card';
import { ClientFileCard } from './clients/components/client-file-card';
import { LandingButton } from './landing/components/landing-button';
import { RollForwardButton } from './roll-forward/components/roll-forward-button';
import { VersionsMenu } from './versions/components/versions-menu';
import { SignoffBar } from './signoff/components/signoff-bar';
import { ToValidateCard } from './signoff/components/to-validate-card';

type BudgetTabProps = {
  /** Extra actions beside the selected client (its CSV export), composed in by the app shell. */
  clientActions?: (client: Client) => ReactNode;
  /**
   * Wraps the selected client's editor (the comments feature: its panel and the grid's marks,
   * docs/product.md#comments), composed in by the app shell.
   */
  editorFrame?: (frame: {
    year: number;
    clientId: string;
    clientName: string;
    /** The editor, given what to show at the end of its toolbar row. */
    editor: (toolbarEnd: ReactNode) => ReactNode;
  }) => ReactNode;
};

/**
 * The 'Saisie Budgétaire' tab (docs/product.md#budget-tab) of the selected exercice: client management, then the
 * selected client's budget — the grid first, its 'Fiche du client' under it (ADR 064); 'Versions' and 'Atterrissage…' (docs/product.md#versions-and-landing), 'Préparer {N+1}'
 * opens the roll forward (docs/product.md#budget-years).
 */
export function BudgetTab({ clientActions, editorFrame }: BudgetTabProps) {
  const [year] = useYear();
  const clients = useClients(year);
  const [selectedId, setSelectedId] = useSelectedClientId();
  useFailureToast(clients.error, FAILURE.loadClients);

  const list = clients.data ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? null;
  usePresenceBeat(year, selected?.id ?? null);

  return (
    <section aria-labelledby="budget-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="budget-title" className="text-2xl font-semibold tracking-tight">
          Saisie Budgétaire
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <VersionsMenu year={year} />
          <LandingButton year={year} />
          <RollForwardButton year={year} />
        </div>
      </div>
      {clients.isPending ? (
        <Spinner text="Chargement..." />
      ) : (
        <>
          <ToValidateCard year={year} clients={list} onOpen={setSelectedId} />
          <ClientCard
            year={year}
            clients={list}
            selected={selected}
            onSelect={setSelectedId}
            clientActions={clientActions}
          />
          {selected && <SignoffBar year={year} clientId={selected.id} clientName={selected.name} />}
          {selected ? (
            <>
              <EditorInFrame year={year} client={selected} frame={editorFrame} />
              <ClientFileCard year={year} client={selected} />
            </>
          ) : (
            list.length > 0 && (
              <p className="rounded-lg border border-dashed bg-card py-12 text-center text-muted-foreground">
                Veuillez sélectionner un client pour commencer
              </p>
            )
          )}
        </>
      )}
    </section>
  );
}

/** The selected client's editor, in the app's frame when there is one. */
function EditorInFrame({
  year,
  client,
  frame,
}: {
  year: number;
  client: Client;
  frame: BudgetTabProps['editorFrame'];
}) {
  // Keyed by year and client: switching either mounts a fresh editor on that budget.
  const key = `${year}:${client.id}`;
  const editor = (toolbarEnd: ReactNode) => (
    <BudgetEditor key={key} year={year} clientId={client.id} clientName={client.name} toolbarEnd={toolbarEnd} />
  );
  return frame ? (
    <Fragment key={key}>{frame({ year, clientId: client.id, clientName: client.name, editor })}</Fragment>
  ) : (
    editor(null)
  );
}
