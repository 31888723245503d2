import { FileDown, FolderOpen, RefreshCw, Search } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { useCases } from '@/lib/submissions/api/get-cases';
import { CaseCard } from './case-card';
import { contract } from '@shared/contract';
import { apiPath } from '@/lib/api-client';

/** Every case of the creator in the shape of Google's Trusted Copyright Removal Program bulk upload. */
const GOOGLE_EXPORT_PATH = apiPath(contract.exportGoogle);
/** The creator's protection report of the last 30 days, for people (PDF) and spreadsheets (CSV). */
const REPORT_PDF_PATH = apiPath(contract.userReport, { params: { id: 'me' }, query: { format: 'pdf' } });
const REPORT_CSV_PATH = apiPath(contract.userReport, { params: { id: 'me' }, query: { format: 'csv' } });

/** The DMCA Cases page (PRODUCT.md section 2): the creator's cases, newest first, or an empty state. */
export function CasesPage() {
  const cases = useCases({ fresh: true, followSending: true });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <title>DMCA Cases · Vigil</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">DMCA Cases</h1>
          <p className="mt-1 text-muted-foreground">Every takedown notice you have prepared, and where it stands.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={REPORT_PDF_PATH} download>
              <FileDown aria-hidden="true" />
              Report (PDF)
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={REPORT_CSV_PATH} download>
              <FileDown aria-hidden="true" />
              Report (CSV)
            </a>
          </Button>
        {!!cases.data?.length && (
          <Button asChild variant="outline">
            {/* A plain download link: the server names the file (Google's trusted-submitter bulk upload format). */}
            <a href={GOOGLE_EXPORT_PATH} download>
              <FileDown aria-hidden="true" />
              Export for Google
            </a>
          </Button>
        )}
        </div>
      </div>

      {cases.isLoading ? (
        <PageSpinner label="Loading your cases" />
      ) : cases.error ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
            <p role="alert" className="text-sm text-destructive">
              Failed to load your DMCA cases. Please try again.
            </p>
            <Button variant="outline" size="sm" onClick={() => void cases.mutate()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : !cases.data?.length ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <FolderOpen className="size-6" aria-hidden="true" />
            </span>
            <div className="grid gap-1">
              <h2 className="text-lg font-semibold">No DMCA cases yet</h2>
              <p className="max-w-md text-sm text-muted-foreground">
                Search for copies of your content, mark the unauthorized ones, and send a takedown notice to open a case.
              </p>
            </div>
            <Button asChild>
              <Link to="/search">
                <Search aria-hidden="true" />
                Start New Search
              </Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="DMCA cases">
          {cases.data.map((c) => (
            <li key={c.id}>
              <CaseCard dmcaCase={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
