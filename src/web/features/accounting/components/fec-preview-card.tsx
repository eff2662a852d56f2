import { CheckCheck } from 'lucide-react';
import { overallCoverage } from '@/domain/accounting/screen';
import type { FecPreviewAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CoverageBar } from './coverage-bar';
import { FecMonthsTable } from './fec-months-table';
import { ProgressLine } from './progress-line';

type FecPreviewCardProps = {
  year: number;
  preview: FecPreviewAnswer;
  /** The preview is being read again (rules or data changed): 'Appliquer' waits for it. */
  isStale: boolean;
  onApply: () => void;
  applying: { sent: number | null } | null;
  /** What the last apply said. */
  notice: string | null;
};

/** The file's months as the rules map them, the coverage, and 'Appliquer'. */
export function FecPreviewCard({ year, preview, isStale, onApply, applying, notice }: FecPreviewCardProps) {
  const changes = preview.cells.length + preview.linesCreated;
  return (
    <Card aria-labelledby="preview-title" role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <CardTitle id="preview-title" className="text-base">
            Aperçu de l'import {year}
          </CardTitle>
          <CardDescription>
            {preview.lines.toLocaleString('fr-FR')} lignes lues
            {preview.outsideYear > 0 &&
              `, dont ${preview.outsideYear.toLocaleString('fr-FR')} hors exercice (ignorées)`}
            .{' '}
            {changes === 0
              ? 'Rien ne change : le fichier est déjà importé.'
              : `${preview.cells.length.toLocaleString('fr-FR')} cellule(s) changent, ${preview.linesCreated} ligne(s) créée(s).`}
          </CardDescription>
          <CoverageBar percent={overallCoverage(preview.months)} label={`Couverture de ${year}`} />
        </div>
        <div className="flex flex-col items-end gap-2">
          <Button disabled={isStale || applying !== null} onClick={onApply}>
            <CheckCheck aria-hidden="true" />
            Appliquer
          </Button>
          {applying && <ProgressLine label="Application de l'import…" share={applying.sent} />}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {notice && (
          <p role="status" className="rounded-md border border-success/40 bg-success/5 px-3 py-2 text-sm">
            {notice}
          </p>
        )}
        <FecMonthsTable months={preview.months} year={year} />
      </CardContent>
    </Card>
  );
}
