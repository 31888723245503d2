import { CheckCircle2, Globe, Send, ShieldCheck } from 'lucide-react';
import { Figure } from '@/lib/public-stats/figures';
import { AsOf, FigureCard, WithPlatformFigures } from './stat-figures';

/** Takedown figures from the platform's records. */
export function AnalyticsTab() {
  return (
    <WithPlatformFigures>
      {(f) => (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Takedown figures">
          <li>
            <FigureCard label="Possible copies found" icon={Globe} tone="bg-violet-50 text-violet-600" detail={<>all time, <AsOf figures={f} /></>}>
              <Figure source="computed" id="copiesFound">{f.copiesFound}</Figure>
            </FigureCard>
          </li>
          <li>
            <FigureCard label="Notices sent" icon={Send} tone="bg-indigo-50 text-indigo-600" detail="all time">
              <Figure source="computed" id="noticesSent">{f.noticesSent}</Figure>
            </FigureCard>
          </li>
          <li>
            <FigureCard label="Copies removed" icon={ShieldCheck} tone="bg-emerald-50 text-emerald-700" detail="cases resolved, all time">
              <Figure source="computed" id="copiesRemoved">{f.copiesRemoved}</Figure>
            </FigureCard>
          </li>
          <li>
            <FigureCard label="Removal rate" icon={CheckCircle2} tone="bg-sky-50 text-sky-600" detail="copies removed / notices sent">
              {f.removalRate ? <Figure source="computed" id="removalRate">{f.removalRate}</Figure> : 'No notice sent yet'}
            </FigureCard>
          </li>
        </ul>
      )}
    </WithPlatformFigures>
  );
}
