import { Bar } from './bar';

/** A step that takes a while (« Lecture du fichier… », « Envoi du fichier… »), with its bar when its share is known. */
export function ProgressLine({ label, share }: { label: string; share: number | null }) {
  const percent = share === null ? null : Math.round(share * 100);
  return (
    <div role="status" className="flex w-full max-w-md flex-col gap-1.5 text-sm">
      <span>
        {label}
        {percent !== null && <span className="tabular-nums text-muted-foreground"> {percent} %</span>}
      </span>
      {percent !== null && <Bar role="progressbar" label={label} percent={percent} className="h-2" />}
    </div>
  );
}
