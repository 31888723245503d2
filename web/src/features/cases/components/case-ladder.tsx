import { CASE_OUTCOME_LABELS, LADDER_STEPS, LADDER_STEP_LABELS, type DmcaCase, type LadderEntry } from '@shared/schemas/cases';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const when = (iso: string) => new Date(iso).toLocaleString();

const ACTION_TEXT: Record<LadderEntry['action'], string> = {
  sent: 'Notice sent',
  'agent-task': 'Agent task opened',
  'agent-filed': 'Web form filed by the agent',
  'delisting-queued': 'Delisting requested',
  skipped: 'Skipped',
};

/**
 * The escalation ladder of a case (issue 23): the five steps, the one the case is on, when the next check runs,
 * every step's record, and how the case ended (removed, delisted only, counter-noticed with its 512(g) window, or
 * stopped with the reason).
 */
export function CaseLadder({ dmcaCase }: { dmcaCase: DmcaCase }) {
  const { ladder, outcome, counterNotice } = dmcaCase;
  if (!ladder && !outcome && !counterNotice) return null;
  const current = ladder?.step;
  return (
    <Card data-testid="case-ladder">
      <CardHeader>
        <CardTitle className="text-lg">Escalation ladder</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {outcome ? (
          <p data-testid="case-outcome">
            <Badge variant={outcome.kind === 'removed' ? 'default' : 'secondary'}>{CASE_OUTCOME_LABELS[outcome.kind]}</Badge>{' '}
            {outcome.step && <span>on the step “{LADDER_STEP_LABELS[outcome.step]}”, </span>}
            {when(outcome.at)}
            {outcome.reason && <span className="block text-muted-foreground">{outcome.reason}</span>}
          </p>
        ) : (
          ladder?.nextRunAt && (
            <p data-testid="ladder-next">
              On step “{LADDER_STEP_LABELS[ladder.step]}”. Next check: {when(ladder.nextRunAt)}.
            </p>
          )
        )}
        {counterNotice && (
          <div className="rounded-md border p-3" data-testid="counter-notice">
            <p className="font-medium">Counter-notice from {counterNotice.by}, received {counterNotice.receivedAt}</p>
            <p className="text-muted-foreground">{counterNotice.statement}</p>
            <p className="mt-2">
              Restoration window (17 U.S.C. 512(g)): the host may restore the material from <strong>{counterNotice.restoreFrom}</strong> and
              must by <strong>{counterNotice.restoreBy}</strong> (10 to 14 U.S. federal business days) unless you file a court action first.
            </p>
          </div>
        )}
        <ol className="grid gap-2">
          {LADDER_STEPS.map((step, i) => {
            const entries = ladder?.entries.filter((e) => e.step === step) ?? [];
            return (
              <li key={step} className="rounded-md border p-2" aria-current={step === current && !outcome ? 'step' : undefined}>
                <span className="font-medium">
                  {i + 1}. {LADDER_STEP_LABELS[step]}
                </span>
                {step === current && !outcome && <Badge className="ml-2">Current</Badge>}
                {entries.map((e, j) => (
                  <span key={j} className="block text-muted-foreground">
                    {ACTION_TEXT[e.action]}
                    {e.recipient ? ` to ${e.recipient}` : ''}
                    {e.entityName ? ` (${e.entityName})` : ''} · {when(e.at)}
                    {e.reference ? ` · reference ${e.reference}` : ''}
                    {e.detail ? ` · ${e.detail}` : ''}
                  </span>
                ))}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
