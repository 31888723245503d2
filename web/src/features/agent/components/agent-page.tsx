import { Check, Copy, Download, ExternalLink, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CdnTaskDto, DelistingItemDto } from '@shared/schemas/agent';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { copyText } from '@/lib/clipboard';
import { invalidateDelistingQueue, useDelistingQueue, type DelistingEngine } from '../api/get-delisting-queue';
import { checkNow, markFiled, markRefused } from '../api/update-delisting';
import { recordCounterNotice } from '../api/record-counter-notice';
import { useCdnTasks } from '../api/get-cdn-tasks';
import { fileCdnTask } from '../api/file-cdn-task';

const ENGINE_NAMES: Record<DelistingEngine, string> = { google: 'Google', bing: 'Bing' };
const STATUS_VARIANT: Record<DelistingItemDto['status'], 'default' | 'secondary' | 'outline' | 'destructive'> = {
  queued: 'outline',
  filed: 'secondary',
  delisted: 'default',
  refused: 'destructive',
};

/**
 * The agent console (issue 23), for users in the agent group and administrators: the delisting queue per engine,
 * each request with the engine form's fields and a copy button per field, "Filed" with the engine's reference
 * number, Refused, a re-check in the engine, Google's trusted-submitter export, and counter-notices.
 */
export function AgentPage() {
  const user = useCurrentUser();
  const [queue, setQueue] = useState<DelistingEngine | 'cdn'>('google');
  if (!user.isAgent && !user.isAdmin) {
    return (
      <div className="mx-auto max-w-lg px-4 py-12 text-center" data-testid="agent-not-authorized">
        <h1 className="text-lg font-semibold">Not authorized</h1>
        <p className="text-muted-foreground">The agent console is for Vigil&apos;s DMCA agents.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <title>Agent console · Vigil</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Agent console</h1>
        <p className="mt-1 text-muted-foreground">
          Search-engine delisting requests, CDN web forms and counter-notices, filed under the company&apos;s agent identity.
        </p>
      </div>
      <div role="tablist" aria-label="Queue" className="flex flex-wrap gap-2">
        {(['google', 'bing'] as const).map((e) => (
          <Button key={e} role="tab" aria-selected={queue === e} variant={queue === e ? 'default' : 'outline'} onClick={() => setQueue(e)}>
            {ENGINE_NAMES[e]} queue
          </Button>
        ))}
        <Button role="tab" aria-selected={queue === 'cdn'} variant={queue === 'cdn' ? 'default' : 'outline'} onClick={() => setQueue('cdn')}>
          CDN web forms
        </Button>
      </div>
      {queue === 'cdn' ? <CdnTaskQueue /> : <DelistingQueue engine={queue} />}
      <CounterNoticeForm />
    </div>
  );
}

function DelistingQueue({ engine }: { engine: DelistingEngine }) {
  const queue = useDelistingQueue(engine);
  if (queue.isLoading) return <PageSpinner label="Loading the queue" />;
  if (queue.error) return <p role="alert">The queue could not be loaded. {apiErrorMessage(queue.error, '')}</p>;
  const items = queue.data ?? [];
  const queued = items.filter((d) => d.status === 'queued').length;
  return (
    <section aria-label={`${ENGINE_NAMES[engine]} delisting queue`} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          {items.length} request{items.length === 1 ? '' : 's'}, {queued} to file
        </span>
        {engine === 'google' && queued > 0 && (
          <Button asChild variant="outline" size="sm">
            <a href="/api/agent/delisting/export/google?batch=1" download>
              <Download aria-hidden="true" />
              Google bulk export (batch 1)
            </a>
          </Button>
        )}
      </div>
      {items.length === 0 && <p className="text-muted-foreground">No delisting requests for {ENGINE_NAMES[engine]}.</p>}
      {items.map((d) => (
        <DelistingCard key={d.id} item={d} />
      ))}
    </section>
  );
}

function DelistingCard({ item }: { item: DelistingItemDto }) {
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (what: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await invalidateDelistingQueue(item.engine);
    } catch (error) {
      toast({ variant: 'destructive', title: `${what} failed`, description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="delisting-request">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span className="font-mono">{item.caseNumber}</span>
          <Badge variant={STATUS_VARIANT[item.status]} data-testid="delisting-status">
            {item.status}
          </Badge>
          {item.reference && <span className="text-sm text-muted-foreground">Reference {item.reference}</span>}
        </CardTitle>
        <CardDescription className="break-all">{item.url}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {item.status === 'queued' && (
          <>
            <Button asChild variant="outline" className="w-fit" size="sm">
              <a href={item.formUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                Open the {item.engine === 'google' ? 'Google' : 'Bing'} form
              </a>
            </Button>
            <dl className="grid gap-2">
              {item.fields.map((f) => (
                <FieldRow key={f.key} label={f.label} value={f.value} />
              ))}
            </dl>
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                void run('Filed', () => markFiled(item.id, reference));
              }}
            >
              <div className="grid gap-1">
                <Label htmlFor={`ref-${item.id}`}>Engine reference number</Label>
                <Input id={`ref-${item.id}`} value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} />
              </div>
              <Button type="submit" disabled={busy || !reference.trim()}>
                Filed
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={() => void run('Refused', () => markRefused(item.id))}>
                Refused
              </Button>
            </form>
          </>
        )}
        {item.status === 'filed' && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={busy} onClick={() => void run('Check', () => checkNow(item.id))}>
              <RefreshCw aria-hidden="true" />
              Check in {item.engine === 'google' ? 'Google' : 'Bing'} now
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => void run('Refused', () => markRefused(item.id))}>
              Refused
            </Button>
            {item.checkedAt && <span className="text-sm text-muted-foreground">Still listed at {new Date(item.checkedAt).toLocaleString()}</span>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The ladder's CDN web-form tasks (issue 23, step 3): a CDN in front of a site that ignored its notice takes
 * complaints only through a web form. Each task shows the form's fields with a copy button each, and "Filed"
 * records the reference the form answered; the case's ladder then shows the filing.
 */
function CdnTaskQueue() {
  const tasks = useCdnTasks();
  if (tasks.isLoading) return <PageSpinner label="Loading the CDN web-form tasks" />;
  if (tasks.error) return <p role="alert">The CDN web-form tasks could not be loaded. {apiErrorMessage(tasks.error, '')}</p>;
  const items = tasks.data ?? [];
  const open = items.filter((t) => t.status === 'open').length;
  return (
    <section aria-label="CDN web-form tasks" className="grid gap-4">
      <p className="text-sm">
        {items.length} task{items.length === 1 ? '' : 's'}, {open} to file
      </p>
      {items.length === 0 && <p className="text-muted-foreground">No CDN web-form tasks.</p>}
      {items.map((t) => (
        <CdnTaskCard key={t.id} task={t} />
      ))}
    </section>
  );
}

function CdnTaskCard({ task }: { task: CdnTaskDto }) {
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const onFiled = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await fileCdnTask(task.id, reference);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Filed failed', description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="cdn-task">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span className="font-mono">{task.caseNumber}</span>
          <span>{task.entityName}</span>
          <Badge variant={task.status === 'filed' ? 'secondary' : 'outline'} data-testid="cdn-task-status">
            {task.status}
          </Badge>
          {task.reference && <span className="text-sm text-muted-foreground">Reference {task.reference}</span>}
        </CardTitle>
        <CardDescription className="break-all">{task.url}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">Recognised because {task.evidence}.</p>
        {task.caseOutcome && <p className="text-sm">The case has ended meanwhile ({task.caseOutcome}); record a filing only if the form was sent.</p>}
        {task.status === 'open' && (
          <>
            <Button asChild variant="outline" className="w-fit" size="sm">
              <a href={task.formUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                Open {task.entityName}&apos;s form
              </a>
            </Button>
            <dl className="grid gap-2">
              {task.fields.map((f) => (
                <FieldRow key={f.key} label={f.label} value={f.value} />
              ))}
            </dl>
            <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void onFiled(e)}>
              <div className="grid gap-1">
                <Label htmlFor={`cdn-ref-${task.id}`}>Form reference number</Label>
                <Input id={`cdn-ref-${task.id}`} value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} />
              </div>
              <Button type="submit" disabled={busy || !reference.trim()}>
                Filed
              </Button>
            </form>
          </>
        )}
        {task.status === 'filed' && task.filedAt && <p className="text-sm text-muted-foreground">Filed {new Date(task.filedAt).toLocaleString()}.</p>}
      </CardContent>
    </Card>
  );
}

function FieldRow({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="whitespace-pre-wrap break-all text-sm text-muted-foreground">{value}</dd>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Copy ${label}`}
        onClick={async () => {
          if (await copyText(value, label)) setCopied(true);
        }}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      </Button>
    </div>
  );
}

function CounterNoticeForm() {
  const [caseId, setCaseId] = useState('');
  const [by, setBy] = useState('');
  const [receivedAt, setReceivedAt] = useState(new Date().toISOString().slice(0, 10));
  const [statement, setStatement] = useState('');
  const [result, setResult] = useState<{ caseNumber: string; restoreFrom: string; restoreBy: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const c = await recordCounterNotice(caseId.trim(), { by, receivedAt, statement });
      setResult({ caseNumber: c.caseNumber, restoreFrom: c.counterNotice!.restoreFrom, restoreBy: c.counterNotice!.restoreBy });
      toast({ title: 'Counter-notice recorded', description: `Case ${c.caseNumber}: the creator was told by e-mail.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Counter-notice not recorded', description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Record a counter-notice</CardTitle>
        <CardDescription>A host forwarded a counter-notice (17 U.S.C. 512(g)): the case stops escalating and the creator is told.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)}>
          <div className="grid gap-1">
            <Label htmlFor="cn-case">Case id (from the notice's file name)</Label>
            <Input id="cn-case" value={caseId} onChange={(e) => setCaseId(e.target.value)} required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="cn-by">Sent by</Label>
            <Input id="cn-by" value={by} onChange={(e) => setBy(e.target.value)} required maxLength={200} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="cn-date">Received on</Label>
            <Input id="cn-date" type="date" value={receivedAt} onChange={(e) => setReceivedAt(e.target.value)} required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="cn-statement">Statement</Label>
            <Textarea id="cn-statement" value={statement} onChange={(e) => setStatement(e.target.value)} required maxLength={5000} />
          </div>
          <Button type="submit" className="w-fit" disabled={busy}>
            Record counter-notice
          </Button>
          {result && (
            <p role="status" data-testid="counter-notice-window">
              Case {result.caseNumber}: the host may restore the material from {result.restoreFrom} and must by {result.restoreBy}.
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
