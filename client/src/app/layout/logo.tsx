import { Droplet } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { cn } from '@/utils/cn';

export function Logo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link
      href={paths.home}
      onClick={onNavigate}
      className={cn('inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight', className)}
    >
      <span className="inline-flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Droplet className="size-5" aria-hidden="true" />
      </span>
      {SITE_NAME}
    </Link>
  );
}
