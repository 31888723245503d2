import { Check, ClipboardList, Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { SubmissionInfoDto } from '@shared/schemas/cases';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { copyText } from '@/lib/clipboard';

/**
 * The copy-paste assistant shown after an automated submission (PRODUCT.md section 2): the search engine's form opened
 * in a new tab, and each value to paste into it with a copy button. The values are the server's: country United
 * States, copyright holder Myself, Vigil's agent details and the case's work and URLs.
 */
export function CopyAssistant({ info }: { info: SubmissionInfoDto }) {
  return (
    <Card role="region" aria-labelledby="copy-assistant-heading" className="border-primary/40">
      <CardHeader>
        <CardTitle id="copy-assistant-heading" className="flex items-center gap-2">
          <ClipboardList className="size-5 text-primary" aria-hidden="true" />
          Copy-Paste Assistant
        </CardTitle>
        <CardDescription>
          {info.name}&apos;s form opened in a new tab. Copy each value below into the matching field of that form.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {info.instructions.length > 0 && (
          <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
            {info.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        )}
        <dl className="grid gap-3">
          {info.fields.map((field) => (
            <CopyRow key={field.key} label={field.label} value={field.value} />
          ))}
        </dl>
        <Button asChild variant="outline" className="w-fit">
          <a href={info.submissionUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open {info.name} form again
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

/** One value of the assistant with its copy button. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const onCopy = async () => {
    if (await copyText(value, label)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  };
  return (
    <div className="grid gap-1 rounded-lg border bg-muted/30 p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start sm:gap-3">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="min-w-0 whitespace-pre-wrap break-words font-mono text-sm">{value}</dd>
      <dd>
        <Button type="button" variant="outline" size="sm" onClick={() => void onCopy()} aria-label={`Copy ${label}`}>
          {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </dd>
    </div>
  );
}
