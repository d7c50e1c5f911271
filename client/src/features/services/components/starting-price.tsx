import { cn } from '@/utils/cn';

/**
 * docs/product.md#data price text, "From $N", with the amount emphasised. The element's text is exactly
 * "From $N", so assistive technology and tests read the product's wording.
 */
export function StartingPrice({
  price,
  size = 'lg',
  className,
}: {
  price: number;
  size?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      From{' '}
      <span
        className={cn(
          'font-bold tracking-tight text-foreground tabular-nums',
          size === 'lg' ? 'text-2xl' : 'text-lg',
        )}
      >
        ${price}
      </span>
    </p>
  );
}
