import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useDashboardFlow } from '../hooks/use-dashboard-flow';
import { FloatingActions } from './floating-actions';
import { NewSinceLastVisit } from './new-since-last-visit';
import { ProtectStep } from './protect-step';
import { ReviewStep } from './review-step';
import { SearchStep } from './search-step';
import { StepProgress } from './step-progress';
import { TakedownOutcomes } from './takedown-outcomes';

/**
 * The home dashboard (PRODUCT.md section 2): search for violations, review results, protect. Opens at review with the
 * latest scan selected when the creator has earlier results.
 */
export function DashboardPage() {
  const { state, scan, restoring, act, start } = useDashboardFlow();
  const showNewSearch = state.step === 'protect';
  const showReview = state.step !== 'review' && !!state.reviewId && !state.searching;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-8 pb-28 sm:px-6">
      <title>Content Protection · Vigil</title>
      <div className="mb-6 flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Content Protection</h1>
          <p className="mt-1 text-muted-foreground">Find copies of your content across the web and get them taken down.</p>
        </div>
        <Button asChild variant="outline" className="hidden sm:inline-flex">
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </Button>
      </div>

      {restoring ? (
        <PageSpinner label="Loading your dashboard" />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <NewSinceLastVisit />
          <TakedownOutcomes />
          <StepProgress step={state.step} />
          {state.step === 'search' && <SearchStep state={state} scan={scan} onStart={start} />}
          {state.step === 'review' && (
            <ReviewStep
              searchId={state.reviewId}
              onNewSearch={() => act({ type: 'new-search' })}
              onSendTakedowns={() => act({ type: 'go-to', step: 'protect' })}
              onSendDmca={(result) => act({ type: 'send-dmca', resultId: result.id })}
            />
          )}
          {state.step === 'protect' && (
            <ProtectStep selectedResultId={state.selectedResultId} onViewViolations={() => act({ type: 'go-to', step: 'review' })} />
          )}
        </div>
      )}

      <FloatingActions
        showNewSearch={showNewSearch}
        showReview={showReview}
        onNewSearch={() => act({ type: 'new-search' })}
        onReview={() => act({ type: 'go-to', step: 'review' })}
      />
    </div>
  );
}
