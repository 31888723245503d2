import { User as UserIcon } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { type CurrentUser, fullName, initialOf } from '@/lib/auth';
import { cn } from '@/lib/utils';

/**
 * The user's profile image; while it loads or when it fails, the first letter of firstName, then of the e-mail,
 * then a generic user icon (PRODUCT.md section 2).
 */
export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  const initial = initialOf(user);
  return (
    <Avatar className={cn('size-8', className)}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={fullName(user) ?? user.email} />}
      <AvatarFallback data-testid="avatar-fallback">
        {initial ?? <UserIcon className="size-4" aria-label="User" />}
      </AvatarFallback>
    </Avatar>
  );
}

/** Full name (when present) over e-mail (when present). */
export function UserIdentity({ user, className }: { user: CurrentUser; className?: string }) {
  const name = fullName(user);
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      {name && <p className="truncate text-sm font-medium leading-tight">{name}</p>}
      {user.email && <p className="truncate text-xs leading-tight text-muted-foreground">{user.email}</p>}
    </div>
  );
}
