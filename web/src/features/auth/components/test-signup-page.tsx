import { ClipboardCopy, Info, LogIn } from 'lucide-react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { LOGIN_PATH } from '@/lib/auth';
import { SAMPLE_ACCOUNT } from '../data/sample-account';
import { CopyField, copyWithToast } from './copy-field';

const STEPS = [
  'Copy the e-mail and the password.',
  'Press Sign In. You are taken to the sign-in page.',
  'Paste them into the Email and Password fields and press Sign in. The first sign-in creates the account; after that, use the same password.',
];

/** Sample sign-up details for testing (PRODUCT.md section 2, /test-signup); always available. */
export function TestSignupPage({ signedIn = false }: { signedIn?: boolean }) {
  const all = `Name: ${SAMPLE_ACCOUNT.fullName}\nEmail: ${SAMPLE_ACCOUNT.email}\nPassword: ${SAMPLE_ACCOUNT.password}`;
  return (
    <PublicLayout signedIn={signedIn}>
      <title>Test sign-up · Vigil</title>
      <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight">Test sign-up</h1>
          <p className="mt-3 text-pretty text-muted-foreground">
            Sample account details for trying Vigil. They work with the sign-in page of a local Vigil.
          </p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Sample creator account</CardTitle>
            <CardDescription>Made-up details: anyone can use them, so never store real content under them.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <CopyField id="sample-name" label="Full name" value={SAMPLE_ACCOUNT.fullName} />
            <CopyField id="sample-email" label="Email" value={SAMPLE_ACCOUNT.email} />
            <CopyField id="sample-password" label="Password" value={SAMPLE_ACCOUNT.password} />
            <Button type="button" variant="secondary" onClick={() => void copyWithToast(all)}>
              <ClipboardCopy aria-hidden="true" />
              Copy all details
            </Button>
          </CardContent>
          <CardFooter className="flex-col items-stretch gap-4 border-t pt-6">
            <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground marker:font-medium marker:text-foreground">
              {STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className="flex gap-2 rounded-md bg-muted/60 p-3 text-sm text-muted-foreground">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              The sign-in page asks only for the e-mail and password. Use the name when you fill in your creator details in
              Settings.
            </p>
            {signedIn ? (
              <p className="text-center text-sm font-medium">You are signed in already.</p>
            ) : (
              <Button asChild size="lg">
                <a href={LOGIN_PATH}>
                  <LogIn aria-hidden="true" />
                  Sign In
                </a>
              </Button>
            )}
          </CardFooter>
        </Card>
      </div>
    </PublicLayout>
  );
}
