import { LoaderCircle } from 'lucide-react';
import { cn } from '@/utils/cn';

export interface SpinnerProps {
  className?: string;
  /** When given, the spinner announces itself as a status with this text; otherwise it is decorative. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
