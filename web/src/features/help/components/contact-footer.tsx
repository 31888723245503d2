import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { SupportEmailLink } from '@/components/support/support-email-link';
import { Button } from '@/components/ui/button';

/** "Still need help?": the support e-mail link and the Contact page. */
export function ContactFooter() {
  return (
    <section aria-labelledby="still-need-help" className="rounded-xl border bg-gradient-to-br from-primary/10 via-background to-background p-6 sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <h2 id="still-need-help" className="text-lg font-semibold">
            Still need help?
          </h2>
          <p className="text-sm text-muted-foreground">
            Our support team is here for you. Write to{' '}
            <SupportEmailLink />{' '}
            or send us a message.
          </p>
        </div>
        <Button asChild>
          <Link to="/contact">
            <Mail aria-hidden="true" />
            Contact Us
          </Link>
        </Button>
      </div>
    </section>
  );
}
