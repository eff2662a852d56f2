import { useRef, useState } from 'react';
import { FileUp } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';

type FecDropZoneProps = {
  onFile: (file: File) => void;
  disabled: boolean;
};

/**
 * Where a FEC is dropped, or chosen with 'Choisir un fichier' (docs/product.md#actuals-from-the-accounting):
 * any text export of the accounting package (.txt, .csv, .tsv); the server says what it cannot read.
 */
export function FecDropZone({ onFile, disabled }: FecDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors',
        isOver ? 'border-primary bg-accent' : 'border-input bg-muted/40',
      )}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setIsOver(false);
        const file = event.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
    >
      <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm">Déposez ici le fichier des écritures comptables (FEC) de l'exercice, ou</p>
      <Button variant="outline" disabled={disabled} onClick={() => inputRef.current?.click()}>
        Choisir un fichier
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept=".txt,.csv,.tsv,.fec,text/plain,text/csv"
        aria-label="Fichier des écritures comptables (FEC)"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p className="text-xs text-muted-foreground">
        Le fichier est lu par le serveur ; rien n'est écrit avant 'Appliquer'. Jusqu'à 200 000 lignes et 64 Mo.
      </p>
    </div>
  );
}
