import { Bell, CheckCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { AppNotification } from '@shared/contracts/notifications';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { jobRoomPath } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { COPY } from '../copy';
import { formatRelativeTime } from '../utils/relative-time';

/** More than this reads '99+' on the badge (the accessible name keeps the exact count). */
const BADGE_MAX = 99;

/**
 * The header's bell: the unread count on it, and a menu of the newest notifications, each opening its
 * job room and marking itself read. Refreshed by live events, never polled (docs/product.md#constants).
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead({
    mutationConfig: {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.bell.errorTitle,
          description: getErrorMessage(error, COPY.bell.markFailure),
        }),
    },
  });
  const unread = notifications.data?.unreadCount ?? 0;

  let entries;
  if (notifications.isPending) {
    entries = (
      <DropdownMenuItem disabled>
        <Spinner />
        {COPY.bell.loading}
      </DropdownMenuItem>
    );
  } else if (notifications.isError && !notifications.data) {
    entries = (
      <DropdownMenuItem
        onSelect={(event) => {
          event.preventDefault();
          void notifications.refetch();
        }}
        className="text-destructive"
      >
        {COPY.bell.loadFailed}
      </DropdownMenuItem>
    );
  } else if (notifications.data.items.length === 0) {
    entries = (
      <DropdownMenuItem
        disabled
        className="py-6 text-center whitespace-normal"
        data-testid="text-no-notifications"
      >
        {COPY.bell.empty}
      </DropdownMenuItem>
    );
  } else {
    entries = notifications.data.items.map((notification) => (
      <NotificationEntry
        key={notification.id}
        notification={notification}
        onOpen={() => {
          if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
        }}
      />
    ));
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={COPY.bell.label(unread)}
          data-testid="button-notifications"
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 h-4 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-semibold text-destructive-foreground"
              data-testid="badge-unread-count"
            >
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        data-testid="menu-notifications"
      >
        <div className="flex items-center justify-between gap-2 border-b px-2 py-1">
          <DropdownMenuLabel>{COPY.bell.heading}</DropdownMenuLabel>
          {unread > 0 && (
            <DropdownMenuItem
              onSelect={(event) => {
                // The menu stays open: the entries lose their dots in place.
                event.preventDefault();
                markRead.mutate({ all: true });
              }}
              disabled={markRead.isPending}
              className="text-xs font-medium text-primary"
              data-testid="button-mark-all-read"
            >
              <CheckCheck aria-hidden="true" />
              {COPY.bell.markAllRead}
            </DropdownMenuItem>
          )}
        </div>
        <div className="max-h-[min(28rem,70dvh)] overflow-y-auto p-1">{entries}</div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function NotificationEntry({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  return (
    <DropdownMenuItem asChild className="items-start gap-3 py-2.5">
      <Link href={jobRoomPath(notification.jobId)} onClick={onOpen} data-testid="notification-item">
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        />
        <span className="grid min-w-0 gap-0.5">
          <span className={cn('break-words', unread && 'font-semibold')}>
            {notification.title}
            {unread && <span className="sr-only"> ({COPY.bell.unread})</span>}
          </span>
          <span className="line-clamp-2 break-words text-muted-foreground">{notification.body}</span>
          <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
            {formatRelativeTime(notification.createdAt, { justNow: COPY.bell.justNow })}
          </time>
        </span>
      </Link>
    </DropdownMenuItem>
  );
}
