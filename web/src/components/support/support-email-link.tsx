import { useSupportEmail } from '@/lib/site-config';

/** The configured support inbox as a mailto link (a placeholder of the same role while it loads). */
export function SupportEmailLink({ className = 'font-medium text-primary underline-offset-4 hover:underline' }: { className?: string }) {
  const email = useSupportEmail();
  if (!email) return <span className="text-muted-foreground">our support team</span>;
  return (
    <a href={`mailto:${email}`} className={className} data-testid="support-email">
      {email}
    </a>
  );
}
