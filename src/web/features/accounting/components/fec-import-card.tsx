import type { UseQueryResult } from '@tanstack/react-query';
import type { FecPreviewAnswer } from '@/domain/answers';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import type { KeptFile } from '../lib/kept-file';
import { FecDropZone } from './fec-drop-zone';
import { ProgressLine } from './progress-line';

type FecImportCardProps = {
  year: number;
  file: KeptFile | null;
  reading: { name: string; share: number | null } | null;
  readError: string | null;
  onFile: (file: File) => void;
  preview: UseQueryResult<FecPreviewAnswer>;
  /** The share of the file sent, while a large file's preview is sent. */
  sent: number | null;
};

/** The file: dropped or chosen, read, sent for its preview; what is happening, or the server's refusal as is. */
export function FecImportCard({ year, file, reading, readError, onFile, preview, sent }: FecImportCardProps) {
  return (
    <Card aria-labelledby="fec-title" role="region">
      <CardHeader>
        <CardTitle id="fec-title" className="text-base">
          Importer le FEC
        </CardTitle>
        <CardDescription>
          Le fichier des écritures comptables de l'agence : ses ventes (classe 7) et ses achats (classe 6) deviennent
          les réels et les achats réels de {year}, selon les règles d'affectation.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FecDropZone onFile={onFile} disabled={reading !== null} />
        {reading && <ProgressLine label="Lecture du fichier…" share={reading.share} />}
        {readError && (
          <p role="alert" className="text-sm text-destructive">
            {readError}
          </p>
        )}
        {file && !reading && (
          <p className="text-sm">
            Fichier : <span className="font-medium">{file.name}</span>{' '}
            <span className="text-muted-foreground">({formatSize(file.size)})</span>
          </p>
        )}
        {file && preview.isFetching && (
          <ProgressLine label={sent === null ? 'Analyse du fichier…' : 'Envoi du fichier…'} share={sent} />
        )}
        {file && preview.isError && !preview.isFetching && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {preview.error.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}
