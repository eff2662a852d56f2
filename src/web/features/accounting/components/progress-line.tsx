/** A step that takes a while (« Lecture du fichier… », « Envoi du fichier… »), with its bar when its share is known. */
export function ProgressLine({ label, share }: { label: string; share: number | null }) {
  const percent = share === null ? null : Math.round(share * 100);
  return (
    <div role="status" className="flex w-full max-w-md flex-col gap-1.5 text-sm">
      <span>
        {label}
        {percent !== null && <span className="tabular-nums text-muted-foreground"> {percent} %</span>}
      </span>
      {percent !== null && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
