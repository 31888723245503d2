import { ArrowLeft, FolderOpen, RefreshCw } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { DmcaCase } from '@shared/schemas/cases';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { LOGIN_PATH } from '@/lib/auth';
import { usePlan } from '@/lib/billing/get-subscription';
import { dmcaEngineLabel } from '@/lib/submissions/submission-rules';
import { useCreatorUser } from '@/lib/submissions/api/get-creator-user';
import { useCase } from '../api/get-case';
import { useSearchResult } from '../api/get-search-result';
import { DmcaForm } from './case-form';
import { CaseLadder } from './case-ladder';

/**
 * The DMCA generation page (PRODUCT.md section 2), at `/dmca/new?resultId=…` for a new notice about one search result
 * and at `/dmca/{id}` for an open case. It loads the result, the case and the creator's details, then shows the
 * form pre-filled from them.
 */
export function DmcaPage() {
  const { id: caseId } = useParams();
  const [params] = useSearchParams();
  const dmcaCase = useCase(caseId);
  const resultId = params.get('resultId') ?? dmcaCase.data?.searchResultId ?? undefined;
  const result = useSearchResult(resultId);
  const creator = useCreatorUser();
  const { plan } = usePlan();

  const loading = dmcaCase.isLoading || result.isLoading || creator.isLoading;
  // A new notice needs its result; an open case still shows without it (the result may have been deleted).
  const blocking = caseId ? dmcaCase.error : result.error;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <title>DMCA Takedown Notice · Vigil</title>
      <div className="mb-6 grid gap-3">
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/" className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Dashboard
          </Link>
          <Link to="/cases" className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground">
            <FolderOpen className="size-4" aria-hidden="true" />
            All cases
          </Link>
        </div>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">DMCA Takedown Notice</h1>
          <p className="mt-1 text-muted-foreground">
            Prepare a notice asking for the removal of copies of your content. Vigil files it under its own agent identity, so you stay
            anonymous.
          </p>
        </div>
        {dmcaCase.data && <CaseStrip dmcaCase={dmcaCase.data} />}
        {dmcaCase.data && <CaseLadder dmcaCase={dmcaCase.data} />}
      </div>

      {loading ? (
        <PageSpinner label="Loading the notice" />
      ) : blocking ? (
        <LoadFailure
          error={blocking}
          what={caseId ? 'This case could not be loaded.' : 'This search result could not be loaded.'}
          onRetry={() => void (caseId ? dmcaCase.mutate() : result.mutate())}
        />
      ) : (
        <DmcaForm
          // A new case or result starts a new form (react-hook-form reads its defaults once).
          key={`${caseId ?? 'new'}:${resultId ?? ''}:${creator.data ? 'creator' : ''}`}
          result={result.data}
          existingCase={dmcaCase.data}
          creator={creator.data}
          plan={plan}
        />
      )}
    </div>
  );
}

/** The open case's number, status and engine above the form. */
function CaseStrip({ dmcaCase }: { dmcaCase: DmcaCase }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-mono font-medium">{dmcaCase.caseNumber}</span>
      <Badge variant="outline" className="capitalize">
        {dmcaCase.status}
      </Badge>
      <span className="text-muted-foreground">{dmcaEngineLabel(dmcaCase.searchEngine)}</span>
      {dmcaCase.escalation?.flagged && !dmcaCase.outcome && !dmcaCase.ladder && <Badge variant="destructive">Escalation needed</Badge>}
    </div>
  );
}

/** Why the page cannot show the form: an ended session offers sign-in, anything else a retry. */
function LoadFailure({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert" className="text-sm text-destructive">
          {signedOut ? 'Your session has ended. Sign in again to continue.' : what}
        </p>
        {signedOut ? (
          <Button asChild>
            <a href={LOGIN_PATH}>Sign In</a>
          </Button>
        ) : (
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to="/">Back to Dashboard</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
