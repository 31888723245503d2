import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { QUICK_START_STEPS } from '../data/help-content';

/** The three-step quick start: set up monitoring, review violations, automate protection. */
export function QuickStart() {
  return (
    <section aria-labelledby="quick-start" className="space-y-4">
      <div>
        <h2 id="quick-start" className="text-xl font-semibold tracking-tight">
          Quick Start Guide
        </h2>
        <p className="text-sm text-muted-foreground">Protect your content in three steps.</p>
      </div>
      <ol className="grid gap-4 md:grid-cols-3">
        {QUICK_START_STEPS.map((step, index) => (
          <li key={step.title}>
            <Card className="h-full">
              <CardHeader className="gap-3">
                <div className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                    {index + 1}
                  </span>
                  <step.icon className="size-5 text-primary" aria-hidden="true" />
                </div>
                <CardTitle className="text-base">
                  <h3>{step.title}</h3>
                </CardTitle>
                <p className="text-sm text-muted-foreground">{step.description}</p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="space-y-2 text-sm">
                  {step.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <Button asChild variant="outline" size="sm">
                  <Link to={step.action.to}>{step.action.label}</Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}
