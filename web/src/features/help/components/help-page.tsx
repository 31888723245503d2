import { BookOpen, type LucideIcon, Mail, MessageCircle } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { openChat } from '@/lib/chat-events';
import { useSupportEmail } from '@/lib/site-config';
import { sendFeatureUse } from '@/lib/page-views';
import { ContactFooter } from './contact-footer';
import { FaqSection } from './faq-section';
import { GuidesSection } from './guides-section';
import { IconLegend } from './icon-legend';
import { QuickStart } from './quick-start';

/**
 * Help & Support (PRODUCT.md section 2, "Help"): three support cards, a three-step quick start, the FAQ with category
 * badges, the guides, an icon legend and a contact footer. The FAQ and guides are the knowledge base the assistant
 * answers from (shared/help), so this page and the chat never disagree.
 */
export function HelpPage() {
  useEffect(() => sendFeatureUse('help'), []);
  const supportEmail = useSupportEmail();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-12 px-4 py-8 sm:px-6">
      <title>Help & Support · Vigil</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Help & Support</h1>
        <p className="mt-1 text-muted-foreground">Everything you need to find leaks, send takedowns and keep your content protected.</p>
      </div>

      <section aria-labelledby="support-options" className="space-y-4">
        <h2 id="support-options" className="sr-only">
          Support options
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <SupportCard
            icon={MessageCircle}
            tone="bg-violet-50 text-violet-600"
            title="Live Chat"
            description="Ask the Vigil assistant about content protection, DMCA notices or using the platform. Answers in seconds."
            action={
              <Button type="button" className="w-full" onClick={openChat}>
                Start Live Chat
              </Button>
            }
          />
          <SupportCard
            icon={Mail}
            tone="bg-sky-50 text-sky-600"
            title="Email Support"
            description="Write to our support team; include your search id or case number. We reply within one business day."
            action={
              <Button asChild variant="outline" className="w-full">
                <a href={supportEmail ? `mailto:${supportEmail}` : undefined} aria-disabled={!supportEmail} title={supportEmail}>
                  Email Support
                </a>
              </Button>
            }
          />
          <SupportCard
            icon={BookOpen}
            tone="bg-emerald-50 text-emerald-700"
            title="Documentation"
            description="Step-by-step guides to scans, results, DMCA cases, automated submission and your account."
            action={
              <Button asChild variant="outline" className="w-full">
                <a href="#guides">Browse Guides</a>
              </Button>
            }
          />
        </div>
      </section>

      <QuickStart />
      <FaqSection />
      <GuidesSection />
      <IconLegend />
      <ContactFooter />
    </div>
  );
}

interface SupportCardProps {
  icon: LucideIcon;
  tone: string;
  title: string;
  description: string;
  action: ReactNode;
}

function SupportCard({ icon: Icon, tone, title, description, action }: SupportCardProps) {
  return (
    <Card className="h-full">
      <CardHeader className="gap-3">
        <span className={`flex size-11 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <CardTitle className="text-lg">
          <h3>{title}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1" />
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
