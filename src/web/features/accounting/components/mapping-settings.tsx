import type { MappingDocument } from '@/domain/accounting/types';

/** Third parties named; the rest counted. */
const SHOWN_CLIENTS = 6;

/**
 * The mapping's settings and its third party → client table, as read: which class-4 accounts are
 * media bought as agent, the opening journals left out, where a line's month comes from.
 */
export function MappingSettings({
  document,
  clientName,
}: {
  document: MappingDocument;
  clientName: (id: string) => string | undefined;
}) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-muted-foreground">Achats de médias en mandat (comptes)</dt>
      <dd>{document.agentAccounts.join(', ') || 'aucun'}</dd>
      <dt className="text-muted-foreground">Journaux d'ouverture exclus</dt>
      <dd>{document.openingJournals.join(', ') || 'aucun'}</dd>
      <dt className="text-muted-foreground">Mois d'une écriture</dt>
      <dd>{document.monthFrom === 'PieceDate' ? 'date de la pièce (PieceDate)' : "date d'écriture (EcritureDate)"}</dd>
      <dt className="text-muted-foreground">Tiers → client</dt>
      <dd>
        {document.clients.length === 0
          ? 'aucun'
          : document.clients
              .slice(0, SHOWN_CLIENTS)
              .map((c) => `${c.thirdParty} → ${clientName(c.clientId) ?? 'client inconnu'}`)
              .join(' · ')}
        {document.clients.length > SHOWN_CLIENTS && ` … et ${document.clients.length - SHOWN_CLIENTS} autres`}
      </dd>
    </dl>
  );
}
