import { LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@shared/contracts/auth';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { ProfilePrompt } from '@/features/auth/components/profile-prompt';

export function formatRole(role: CurrentUser['role']): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/**
 * The logged-in user's menu. It also brings the profile step (name and phone, asked until given),
 * which concerns only logged-in users too: this chunk is already loaded for them, the shell is not
 * made heavier. Not on /account, which has the same fields.
 */
export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const [location] = useLocation();
  return (
    <>
      {location !== paths.account && <ProfilePrompt user={user} />}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
            <Avatar name={user.name || user.email} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="font-normal">
            <span className="block truncate text-sm font-semibold" data-testid="text-user-email">
              {user.email}
            </span>
            <span className="block text-xs text-muted-foreground" data-testid="text-user-role">
              {formatRole(user.role)}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href={paths.dashboard}>
              <LayoutDashboard aria-hidden="true" />
              Dashboard
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href={paths.account}>
              <Settings aria-hidden="true" />
              Account Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onLogout}>
            <LogOut aria-hidden="true" />
            Log Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
