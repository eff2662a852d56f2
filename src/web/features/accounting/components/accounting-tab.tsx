import { useYear } from '@/web/hooks/use-year';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useFecApply } from '../hooks/use-fec-apply';
import { useFecFile } from '../hooks/use-fec-file';
import { useFecPreview } from '../hooks/use-fec-preview';
import { ChangesByClient } from './changes-by-client';
import { FecImportCard } from './fec-import-card';
import { FecPreviewCard } from './fec-preview-card';
import { ReconciliationCard } from './reconciliation-card';
import { RulesCard } from './rules-card';
import { UnmappedList } from './unmapped-list';

/**
 * The 'Comptabilité' tab (admin; docs/product.md#actuals-from-the-accounting), for the exercice
 * in the header: drop a FEC, see its preview per month, map what is left « À affecter », check the
 * changes per client, 'Appliquer'; the rules; the reconciliation with the ledger.
 */
export function AccountingTab() {
  const [year] = useYear();
  const { file, reading, readError, load } = useFecFile();
  const { query: preview, sent } = useFecPreview(year, file);
  const { apply, applying, notice } = useFecApply(year, file);
  const data = preview.data;

  return (
    <section aria-labelledby="accounting-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 id="accounting-title" className="text-2xl font-semibold tracking-tight">
          Comptabilité
        </h1>
        <p className="text-sm text-muted-foreground">
          Les réels de {year} repris du fichier des écritures comptables, et leur rapprochement avec le grand livre.
        </p>
      </div>
      <FecImportCard
        year={year}
        file={file}
        reading={reading}
        readError={readError}
        onFile={(chosen) => void load(chosen)}
        preview={preview}
        sent={sent}
      />
      {file && data && (
        <>
          <FecPreviewCard
            year={year}
            preview={data}
            isStale={preview.isFetching}
            onApply={() => void apply()}
            applying={applying}
            notice={notice}
          />
          <div className="grid items-start gap-6 2xl:grid-cols-2">
            <SectionCard
              id="unmapped-title"
              title="À affecter"
              description="Les écritures qu'aucune règle n'affecte, par tiers et par compte : choisissez le client, le pôle et la ligne."
            >
              <UnmappedList year={year} groups={data.unmapped} />
            </SectionCard>
            <SectionCard
              id="changes-title"
              title="Modifications par client"
              description="Avant → après l'import ; les valeurs saisies à la main que l'import remplace sont signalées."
            >
              <ChangesByClient preview={data} year={year} />
            </SectionCard>
          </div>
        </>
      )}
      <RulesCard year={year} hasFile={file !== null} />
      <ReconciliationCard year={year} />
    </section>
  );
}

function SectionCard(props: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <Card aria-labelledby={props.id} role="region">
      <CardHeader>
        <CardTitle id={props.id} className="text-base">
          {props.title}
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}
