import {
  ArrowRight,
  BadgeCheck,
  CheckCircle2,
  Clock,
  EyeOff,
  FileText,
  Fingerprint,
  ScanFace,
  Search,
  Send,
  ShieldCheck,
  TrendingDown,
  Undo2,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LOGIN_PATH } from '@/lib/auth';
import { BENCHMARK, Figure, benchmarkClaim, platformFigures, statDate } from '@/lib/public-stats/figures';
import { usePublicStats } from '@/lib/public-stats/get-public-stats';
import { PlatformStatsCard } from './platform-stats-card';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    icon: Search,
    title: 'Search and Monitor',
    text: 'Vigil searches Google, Bing and DuckDuckGo (web, images and videos) for your name, your brand and your reference images and videos, and compares what it finds with perceptual fingerprints of your files. Monitors repeat the search on a schedule.',
  },
  {
    icon: FileText,
    title: 'Generate DMCA',
    text: 'Review every match and mark what is unauthorized. Vigil drafts a complete DMCA takedown notice with every element the law requires.',
  },
  {
    icon: Send,
    title: 'Auto Submit',
    text: "On a paid plan, notices are sent for you to the host's abuse or DMCA address and to the search engines' removal forms, and Vigil keeps checking whether each copy is gone.",
  },
];

const TRUST = [
  { icon: EyeOff, title: 'You stay anonymous', text: 'Notices go out under our identity, never your legal name.' },
  {
    icon: BadgeCheck,
    title: 'You decide every takedown',
    text: 'Nothing is sent until you have reviewed the match and marked it unauthorized, or set a monitor to submit for you.',
  },
  { icon: Fingerprint, title: 'Fingerprint matching', text: <BenchmarkSentence /> },
  {
    icon: ScanFace,
    title: 'Face recognition, opt-in',
    text: 'Turn on likeness matching in Settings with photos of yourself, and scans also find your face in pictures that copy none of your files. You review every likeness match before any notice; none is sent automatically.',
  },
  { icon: ShieldCheck, title: 'Every notice tracked', text: <RemovalSentence /> },
  { icon: Clock, title: 'Monitors that keep watch', text: 'Scheduled scans find new copies and copies that come back after a removal, and alert you by e-mail.' },
  { icon: Undo2, title: 'Cancel any time', text: 'Change or cancel your plan from the Billing tab of your account.' },
];

/** The matcher's held-out benchmark, with how and when it was measured (bench/published.json). */
function BenchmarkSentence() {
  const detailed = benchmarkClaim('image-recall-detailed');
  const falseMatches = benchmarkClaim('image-false-matches');
  return (
    <>
      On its held-out benchmark the image matcher found <Figure source="benchmark" id={detailed.id}>{detailed.value}</Figure> {detailed.label}, with{' '}
      <Figure source="benchmark" id={falseMatches.id}>{falseMatches.value}</Figure> {falseMatches.label} (bench:match, measured{' '}
      <Figure source="benchmark" id="measuredOn">{statDate(BENCHMARK.measuredOn)}</Figure>).
    </>
  );
}

/** Notices sent and copies removed so far, from the platform's records. */
function RemovalSentence() {
  const { data } = usePublicStats();
  if (!data) return <>Vigil records every notice it sends and whether the copy came down.</>;
  const f = platformFigures(data);
  return (
    <>
      <Figure source="computed" id="noticesSent">{f.noticesSent}</Figure> notices sent and <Figure source="computed" id="copiesRemoved">{f.copiesRemoved}</Figure>{' '}
      copies confirmed removed so far
      {f.removalRate ? (
        <>
          {' '}(<Figure source="computed" id="removalRate">{f.removalRate}</Figure>)
        </>
      ) : null}
      , as of <Figure source="computed" id="asOf">{f.asOf}</Figure>.
    </>
  );
}

/** The public home page (PRODUCT.md section 2, "Landing page"). */
export function LandingPage() {
  return (
    <PublicLayout>
      <title>Vigil · Find stolen content and get it taken down</title>
      <Hero />
      <LossBanner />
      <HowItWorks />
      <TrustList />
      <ClosingCallToAction />
    </PublicLayout>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-accent),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div className="flex flex-col items-start gap-6">
          <Badge variant="outline" className="gap-1.5 bg-background px-3 py-1 text-sm">
            <Users className="size-3.5 text-primary" aria-hidden="true" />
            Built for creators of exclusive content
          </Badge>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Find stolen content. <span className="text-primary">Get it taken down.</span>
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Vigil searches the web for unauthorized copies of your photos, videos and brand, then sends DMCA takedown
            notices for you. Built for creators of exclusive and subscription content.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <a href={LOGIN_PATH}>
                Start protecting your content
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline" className="bg-background">
              <Link to="/pricing">View pricing</Link>
            </Button>
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
              Free trial
            </span>
            <span className="flex items-center gap-1.5">
              <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
              Cancel any time
            </span>
          </p>
        </div>
        <PlatformStatsCard />
      </div>
    </section>
  );
}

function LossBanner() {
  return (
    <section className="border-b bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-8 text-center sm:flex-row sm:justify-center sm:px-6 sm:text-left">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TrendingDown className="size-5" aria-hidden="true" />
        </span>
        <p className="text-base text-pretty">
          Leaked content costs creators the sales it replaces. <strong className="font-semibold">Every day a copy stays up, it spreads further.</strong>
        </p>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <SectionHeading eyebrow="How it works" title="Three steps from leak to takedown">
        Vigil does the searching, the paperwork and the filing. You decide what gets taken down.
      </SectionHeading>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <CardHeader className="gap-4">
                <div className="flex items-center justify-between">
                  <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <step.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-muted-foreground" data-figure="ordinal">
                    Step {index + 1}
                  </span>
                </div>
                <CardTitle className="text-lg">{step.title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm leading-relaxed text-muted-foreground">{step.text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TrustList() {
  return (
    <section className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading eyebrow="Why creators trust Vigil" title="Protection you can rely on" />
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {TRUST.map((point) => (
            <li key={point.title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-background text-primary shadow-sm ring-1 ring-border">
                <point.icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold">{point.title}</p>
                <p className="mt-1 text-sm text-muted-foreground">{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="relative overflow-hidden rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_50%_120%,rgb(255_255_255/0.18),transparent)]"
        />
        <h2 className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">Take back control of your content</h2>
        <p className="relative mx-auto mt-4 max-w-xl text-base text-pretty text-primary-foreground/80 sm:text-lg">
          Start with a free trial. Your first scan takes minutes, and you stay anonymous the whole way.
        </p>
        <Button asChild size="lg" variant="secondary" className="relative mt-8">
          <a href={LOGIN_PATH}>
            Get started free
            <ArrowRight aria-hidden="true" />
          </a>
        </Button>
      </div>
    </section>
  );
}
