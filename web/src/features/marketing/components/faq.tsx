import { ChevronDown } from 'lucide-react';

export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * Questions and answers as native <details> disclosures: keyboard and screen-reader friendly with no script,
 * which is all an FAQ needs (the project installs no accordion primitive).
 */
export function Faq({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className="divide-y rounded-xl border bg-card">
      {entries.map((entry) => (
        <details key={entry.question} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium outline-none focus-visible:underline">
            {entry.question}
            <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <p className="pb-5 text-sm leading-relaxed text-muted-foreground">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
