import type { LucideIcon } from 'lucide-react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';

export interface IconTab {
  value: string;
  label: string;
  icon: LucideIcon;
}

/** The wrapping row of icon-and-label tab triggers that the tabbed pages (Settings, Account, Admin) share. */
export function IconTabsList({ tabs, className, triggerClassName }: { tabs: readonly IconTab[]; className?: string; triggerClassName?: string }) {
  return (
    <TabsList className={cn('h-auto w-full flex-wrap justify-start', className)}>
      {tabs.map(({ value, label, icon: Icon }) => (
        <TabsTrigger key={value} value={value} className={cn('px-3 py-1.5', triggerClassName)}>
          <Icon aria-hidden="true" />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
