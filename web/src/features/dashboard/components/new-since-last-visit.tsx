import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useGroupedResults } from '../api/get-user-results';

const LAST_VISIT_KEY = 'vigil.dashboard.lastVisit';

function readLastVisit(): string | null {
  try {
    return localStorage.getItem(LAST_VISIT_KEY);
  } catch {
    return null;
  }
}

/**
 * "N new since your last visit": copies the creator's monitors found first after the previous visit to the
 * dashboard (kept in this browser). The time of this visit is stored on arrival; the count keeps the previous one.
 */
export function NewSinceLastVisit() {
  const [since] = useState(readLastVisit);
  const { data } = useGroupedResults(!!since);
  useEffect(() => {
    try {
      localStorage.setItem(LAST_VISIT_KEY, new Date().toISOString());
    } catch {
      // private mode: the banner just stays hidden
    }
  }, []);
  if (!since || !data) return null;
  const fresh = [...data.web, ...data.images, ...data.videos].filter((r) => r.monitorId && r.firstSeenAt > since);
  if (fresh.length === 0) return null;
  const newest = fresh.reduce((a, b) => (a.firstSeenAt > b.firstSeenAt ? a : b));
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm">
      <BellRing className="size-5 text-primary" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-semibold">{fresh.length} new</span> since your last visit, found by your monitors.
      </p>
      <Link to={`/search?id=${newest.searchId}&filter=new`} className="font-medium text-primary underline-offset-4 hover:underline">
        Review
      </Link>
    </div>
  );
}
