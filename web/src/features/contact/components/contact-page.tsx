import { BookOpen, Clock, type LucideIcon, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SupportEmailLink } from '@/components/support/support-email-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { openChat } from '@/lib/chat-events';
import { ContactForm } from './contact-form';

/** Contact Us (PRODUCT.md section 2): the Get in Touch form beside the other ways to reach support. */
export function ContactPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Contact Us · Vigil</title>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Contact Us</h1>
        <p className="mt-1 text-muted-foreground">Questions about a scan, a takedown or your plan? Our team is here to help.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ContactForm />
        <aside className="space-y-4" aria-label="Other ways to reach us">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="text-base">
                <h2>Other ways to reach us</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-5 text-sm">
              <InfoRow icon={Mail} title="Email">
                <SupportEmailLink />
              </InfoRow>
              <InfoRow icon={MessageCircle} title="Live chat">
                <button type="button" onClick={openChat} className="font-medium text-primary underline-offset-4 hover:underline">
                  Ask the assistant
                </button>
              </InfoRow>
              <InfoRow icon={BookOpen} title="Help centre">
                <Link to="/help" className="font-medium text-primary underline-offset-4 hover:underline">
                  Browse the FAQ and guides
                </Link>
              </InfoRow>
              <InfoRow icon={Clock} title="Response time">
                <span className="text-muted-foreground">Within one business day</span>
              </InfoRow>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

function InfoRow({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        <div className="break-words">{children}</div>
      </div>
    </div>
  );
}
