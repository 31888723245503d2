import { ExternalLink, LogOut, Mail, MonitorSmartphone, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api, apiErrorMessage } from '@/lib/api-client';
import { contract } from '@shared/contract';
import { fullName, initialOf, LOGOUT_PATH, useCurrentUser } from '@/lib/auth';
import { useAccountPlan } from '../hooks/use-account-plan';
import { DataControlCard } from './data-control-card';
import { ACCOUNT_PLAN_NAMES, statusLabel } from '../lib/account-plans';

/** Ends every session of the account (a lost laptop, a shared computer), this one included, then goes home. */
function SignOutEverywhereButton() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const onClick = async () => {
    setPending(true);
    setError(undefined);
    try {
      await api(contract.endAllSessions, { params: { id: 'me' } });
      window.location.assign('/');
    } catch (err) {
      setError(apiErrorMessage(err, 'Could not sign out of all devices. Please try again.'));
      setPending(false);
    }
  };
  return (
    <div>
      <Button type="button" variant="ghost" className="text-destructive hover:text-destructive" disabled={pending} onClick={onClick}>
        <MonitorSmartphone aria-hidden="true" />
        Sign out of all devices
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Account Settings: who is signed in, where creator details live, and signing out. */
export function AccountSettingsTab() {
  const user = useCurrentUser();
  const { plan, status } = useAccountPlan();
  const name = fullName(user);
  const initial = initialOf(user);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Profile</h2>
          </CardTitle>
          <CardDescription>The account you sign in with.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="flex items-center gap-4">
            <Avatar className="size-14">
              {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={name ?? user.email} />}
              <AvatarFallback className="text-lg">{initial ?? <UserRound className="size-6" aria-label="User" />}</AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <p className="truncate font-semibold">{name ?? 'No name on file'}</p>
              {/* A long address wraps rather than widening the card past a phone's screen. */}
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="min-w-0 break-all">{user.email}</span>
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="font-medium">{ACCOUNT_PLAN_NAMES[plan]}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="font-medium">{statusLabel(status)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Creator details & privacy</h2>
          </CardTitle>
          <CardDescription>The name, e-mail and address that authorise the takedown notices we file for you.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            Notices are filed under our company identity, so sites and infringers never see your details. You can change them at any time in Settings.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/settings">
                <ExternalLink aria-hidden="true" />
                Edit creator details
              </Link>
            </Button>
          </div>
          <div className="mt-2 border-t pt-4">
            <div className="flex flex-wrap gap-2">
              <form method="post" action={LOGOUT_PATH}>
                <Button type="submit" variant="ghost" className="text-destructive hover:text-destructive">
                  <LogOut aria-hidden="true" />
                  Log Out
                </Button>
              </form>
              <SignOutEverywhereButton />
            </div>
          </div>
        </CardContent>
      </Card>
      <DataControlCard email={user.email} />
    </div>
  );
}
