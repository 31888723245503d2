import { Bot, CheckCircle2, Download, FilePlus2, Info, Loader2, Lock, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { planRule, type PlanId } from '@shared/plans';
import type { CaseSubmission, SubmissionInfoDto } from '@shared/schemas/cases';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { showPlanLimit } from '@/lib/plan-limit';
import { GENERATION_FAILED, generateNoticeAndOpenPortal, getSubmissionInfo, openInNewTab } from '../api/generate-notice';
import { submitAutomated } from '../api/submit-automated';
import { automatedFailureText } from '../utils/automated-failure';
import { submissionInProgress, submissionStatusText } from '@/lib/submissions/submission-status';
import { CopyAssistant } from './copy-assistant';

/** The case the actions work on, once created. */
export interface OpenCase {
  id: string;
  caseNumber: string;
  searchEngine: string;
}

interface CaseActionsProps {
  plan: PlanId;
  openCase: OpenCase | null;
  /** False when there is no violation to open a case for (no `?resultId=`). */
  canCreate: boolean;
  /** The form is being submitted (the case is being created). */
  creating: boolean;
  /** The open case's latest automated submission, as the server last reported it. */
  submission?: CaseSubmission;
}

/**
 * The actions of the DMCA page (PRODUCT.md sections 2, 4 and 8): create the case, then generate the PDF (downloaded,
 * then the search engine's portal opens) or submit it automatically (paid plans; trial users see an upgrade
 * prompt). After an automated submission the company's agent handles search-engine delisting (issue 23); the
 * copy-paste assistant opens only when the creator chooses to file under their own name, after a Lumen warning.
 */
export function CaseActions({ plan, openCase, canCreate, creating, submission }: CaseActionsProps) {
  const [busy, setBusy] = useState<'generate' | 'submit' | null>(null);
  const [assistant, setAssistant] = useState<SubmissionInfoDto | null>(null);
  // Issue 23: the company's agent files search-engine delisting; filing under one's own name is an opt-in.
  const [ownFiling, setOwnFiling] = useState<SubmissionInfoDto | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const automated = planRule(plan).automatedSubmission;
  const running = submitted || submissionInProgress(submission);

  const onGenerate = async () => {
    if (!openCase) return;
    setBusy('generate');
    try {
      await generateNoticeAndOpenPortal(openCase.id, openCase.searchEngine);
    } catch (error) {
      toast({ variant: 'destructive', ...GENERATION_FAILED, description: apiErrorMessage(error, GENERATION_FAILED.description) });
    } finally {
      setBusy(null);
    }
  };

  const onSubmitAutomated = async () => {
    if (!openCase) return;
    setBusy('submit');
    try {
      // The portal's details are read alongside, so the new tab opens while the click still counts as the
      // creator's own action (browsers block pop-ups opened long after a click).
      const [answer, info] = await Promise.all([
        submitAutomated(openCase.id),
        getSubmissionInfo(openCase.searchEngine, openCase.id).catch(() => null),
      ]);
      if (!answer.success) {
        toast({ variant: 'destructive', title: 'Automated Submission Failed', description: automatedFailureText(answer.error) });
        return;
      }
      setSubmitted(true);
      if (info) setOwnFiling(info);
    } catch (error) {
      // The month's or the day's submissions used up (402 PLAN_LIMIT), or a plan changed to trial meanwhile (PLAN_REQUIRED).
      if (showPlanLimit(error)) return;
      toast({ variant: 'destructive', title: 'Automated Submission Failed', description: automatedFailureText(apiErrorMessage(error, '')) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Send the notice</CardTitle>
          <CardDescription>Create the case, then file it yourself with the PDF or let Vigil submit it for you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {!openCase && !canCreate && (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                No violation is selected. Mark a result as unauthorized on the{' '}
                <Link to="/" className="font-medium underline underline-offset-4">
                  dashboard
                </Link>{' '}
                and choose Send DMCA to start a notice for it.
              </span>
            </p>
          )}

          <div className="flex flex-wrap items-center gap-3">
            {openCase ? (
              <p className="flex items-center gap-2 text-sm" role="status">
                <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
                <span>
                  Case <span className="font-mono font-medium">{openCase.caseNumber}</span> is open.{' '}
                  <Link to="/cases" className="text-primary underline underline-offset-4">
                    All cases
                  </Link>
                </span>
              </p>
            ) : (
              <Button type="submit" disabled={creating || !canCreate}>
                {creating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FilePlus2 aria-hidden="true" />}
                {creating ? 'Creating...' : 'Create DMCA Case'}
              </Button>
            )}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2 rounded-lg border p-4">
              <h3 className="flex items-center gap-2 font-medium">
                <Download className="size-4 text-primary" aria-hidden="true" />
                Manual: PDF notice
              </h3>
              <p className="text-sm text-muted-foreground">Download the notice, then file it in the search engine&apos;s form, which opens in a new tab.</p>
              <Button type="button" variant="outline" className="w-fit" disabled={!openCase || busy !== null} onClick={() => void onGenerate()}>
                {busy === 'generate' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
                {busy === 'generate' ? 'Generating...' : 'Generate PDF'}
              </Button>
            </div>

            <div className="grid content-start gap-2 rounded-lg border p-4">
              <h3 className="flex items-center gap-2 font-medium">
                <Bot className="size-4 text-primary" aria-hidden="true" />
                Automated submission
              </h3>
              {automated ? (
                <>
                  <p className="text-sm text-muted-foreground">
                    Vigil finds the host&apos;s abuse contact, e-mails the notice with the PDF attached, and checks later that the copy is gone.
                  </p>
                  <Button type="button" className="w-fit" disabled={!openCase || busy !== null || running} onClick={() => void onSubmitAutomated()}>
                    {busy === 'submit' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                    {busy === 'submit' ? 'Submitting...' : 'Submit Automatically'}
                  </Button>
                </>
              ) : (
                <>
                  <p className="flex items-start gap-2 text-sm text-muted-foreground">
                    <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>
                      Automated submission is available on paid plans. Upgrade to have Vigil send the notice to the host for you and follow it
                      up.
                    </span>
                  </p>
                  <Button asChild className="w-fit">
                    <Link to="/account">Upgrade Plan</Link>
                  </Button>
                </>
              )}
            </div>
          </div>
          {!openCase && canCreate && <p className="text-xs text-muted-foreground">Create the case first to generate or submit its notice.</p>}

          {submission && !submitted && (
            <p role="status" className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{submissionStatusText(submission)}</span>
            </p>
          )}

          {submitted && (
            <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Automated submission started. Vigil is e-mailing the notice to the host&apos;s abuse contact; the case moves to Sent when it
                goes out and to Resolved once the copy is gone. Follow it on the{' '}
                <Link to="/cases" className="font-medium underline underline-offset-4">
                  cases page
                </Link>
                .
              </span>
            </p>
          )}
        </CardContent>
      </Card>
      {ownFiling && !assistant && (
        <Card role="region" aria-labelledby="own-filing-heading">
          <CardHeader>
            <CardTitle id="own-filing-heading" className="text-base">
              Search-engine delisting
            </CardTitle>
            <CardDescription>
              If the copy is still online after every step of the escalation ladder, Vigil&apos;s agent files the delisting with Google and
              Bing for you, under the agent&apos;s name. You can also file with {ownFiling.name} yourself, under your own name.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <p role="note" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Google sends a copy of every removal request, with the submitter&apos;s name, to the public Lumen database. Filing yourself
                puts your name there; leaving it to the agent does not.
              </span>
            </p>
            <Button
              variant="outline"
              className="w-fit"
              onClick={() => {
                openInNewTab(ownFiling.submissionUrl);
                setAssistant(ownFiling);
              }}
            >
              File with {ownFiling.name} under my own name
            </Button>
          </CardContent>
        </Card>
      )}
      {assistant && <CopyAssistant info={assistant} />}
    </>
  );
}
