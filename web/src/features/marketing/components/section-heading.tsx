import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** An eyebrow, a heading and an intro paragraph, centred. */
export function SectionHeading({
  eyebrow,
  title,
  children,
  className,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h2>
      {children && <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{children}</p>}
    </div>
  );
}
