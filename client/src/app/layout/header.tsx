import { LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { LazyAuthDialog, preloadAuthDialog } from '@/features/auth/components/lazy-auth-dialog';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { Logo } from './logo';
import { NAV_ITEMS, isActivePath } from './nav-items';

const MOBILE_MENU_ID = 'mobile-menu';

// The account menu and the notification bell (dropdown primitive, popper) only matter once someone is
// logged in: keep them out of the first load that every visitor pays for.
const UserMenu = lazy(() => import('./logged-in').then((module) => ({ default: module.UserMenu })));
const NotificationBell = lazy(() =>
  import('./logged-in').then((module) => ({ default: module.NotificationBell })),
);

export function Header() {
  const [location] = useLocation();
  const { data: user, isLoading: userLoading } = useUser();
  const [authOpen, setAuthOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const logoutMutation = useLogout({
    mutationConfig: {
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, 'Failed to log out'),
        });
      },
    },
  });

  const closeMenu = () => setMenuOpen(false);
  const handleLogout = () => {
    closeMenu();
    logoutMutation.mutate();
  };

  // Escape closes the mobile menu and returns focus to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const navItems = NAV_ITEMS.filter((item) => !item.requiresUser || user);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80 print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo onNavigate={closeMenu} />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href} label={item.label} active={isActivePath(location, item.href)} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <Button asChild className="hidden md:inline-flex">
            <Link href={paths.book}>Post a Job</Link>
          </Button>
          <ThemeToggle />
          {userLoading ? (
            <Skeleton className="size-9 rounded-full" />
          ) : user ? (
            <>
              <Suspense fallback={<Skeleton className="size-10 rounded-md" />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<Skeleton className="size-10 rounded-full" />}>
                <UserMenu user={user} onLogout={handleLogout} />
              </Suspense>
            </>
          ) : (
            <Button
              variant="outline"
              onClick={() => setAuthOpen(true)}
              onPointerEnter={preloadAuthDialog}
              onFocus={preloadAuthDialog}
              onTouchStart={preloadAuthDialog}
              data-testid="button-login"
            >
              Log In
            </Button>
          )}
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Toggle menu"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {menuOpen && (
        <div id={MOBILE_MENU_ID} className="border-t md:hidden">
          <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
            <ul className="grid gap-1">
              {navItems.map((item) => (
                <li key={item.href}>
                  <NavLink
                    href={item.href}
                    label={item.label}
                    active={isActivePath(location, item.href)}
                    onNavigate={closeMenu}
                    className="flex w-full py-3"
                  />
                </li>
              ))}
            </ul>
            <div className="mt-3 grid gap-2 border-t pt-3">
              <Button asChild className="w-full">
                <Link href={paths.book} onClick={closeMenu}>
                  Post a Job
                </Link>
              </Button>
              {user && (
                <Button variant="outline" className="w-full" onClick={handleLogout}>
                  <LogOut aria-hidden="true" />
                  Log Out
                </Button>
              )}
            </div>
          </nav>
        </div>
      )}

      <LazyAuthDialog open={authOpen} onOpenChange={setAuthOpen} />
    </header>
  );
}

interface NavLinkProps {
  href: string;
  label: string;
  active: boolean;
  onNavigate?: () => void;
  className?: string;
}

function NavLink({ href, label, active, onNavigate, className }: NavLinkProps) {
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'inline-flex items-center rounded-md px-3 py-2 text-sm font-medium transition-colors',
        active
          ? 'bg-accent text-accent-foreground'
          : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
        className,
      )}
    >
      {label}
    </Link>
  );
}
