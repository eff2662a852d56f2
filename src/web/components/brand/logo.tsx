import { cn } from '@/web/lib/cn';

/** The product mark: three rising bars. Decorative: the product name always sits beside it. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <rect x="7" y="18" width="4.5" height="8" rx="1" className="fill-primary-foreground" opacity="0.7" />
      <rect x="13.75" y="13" width="4.5" height="13" rx="1" className="fill-primary-foreground" opacity="0.85" />
      <rect x="20.5" y="7" width="4.5" height="19" rx="1" className="fill-primary-foreground" />
    </svg>
  );
}
