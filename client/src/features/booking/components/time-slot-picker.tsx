import { CalendarClock } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/utils/cn';
import { useAvailabilitySlots } from '../api/get-availability-slots';
import { COPY } from '../copy';
import { formatTime, groupSlotsByStartTime } from '../utils/slots';

/** docs/product.md#constants: 8 placeholders while the slots load. */
const PLACEHOLDER_COUNT = 8;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface TimeSlotPickerProps {
  /** The preferred date; slots are fetched only once it is a full date. */
  date: string;
  /** The chosen slot's id, if any. */
  value: string | undefined;
  onChange: (slotId: string | undefined) => void;
  disabled?: boolean;
  error?: string;
}

/** The optional time slot picker: ask for a date, 8 placeholders, nothing free, or one button per start time. */
export function TimeSlotPicker({ date, value, onChange, disabled, error }: TimeSlotPickerProps) {
  const hasDate = ISO_DATE.test(date);
  const slotsQuery = useAvailabilitySlots({ date: hasDate ? date : undefined });
  const groups = useMemo(() => groupSlotsByStartTime(slotsQuery.data ?? []), [slotsQuery.data]);
  const errorId = error ? 'booking-slot-error' : undefined;

  let content;
  if (!hasDate) {
    content = <SlotMessage icon>{COPY.slots.selectDateFirst}</SlotMessage>;
  } else if (slotsQuery.isPending) {
    content = (
      <div role="status" aria-label={COPY.slots.loading} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
          <Skeleton key={index} className="h-16" data-testid="slot-skeleton" />
        ))}
      </div>
    );
  } else if (slotsQuery.isError) {
    content = (
      <p role="alert" className="rounded-md border border-destructive/40 p-4 text-sm text-destructive">
        {COPY.slots.fetchFailed}
      </p>
    );
  } else if (groups.length === 0) {
    content = (
      <SlotMessage icon>
        <span className="block font-medium text-foreground">{COPY.slots.none}</span>
        <span className="block">{COPY.slots.tryAnotherDate}</span>
      </SlotMessage>
    );
  } else {
    content = (
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="slot-list">
        {groups.map((group) => {
          const chosen = value !== undefined && group.slotIds.includes(value);
          return (
            <button
              key={group.startTime}
              type="button"
              aria-pressed={chosen}
              aria-describedby={errorId}
              disabled={disabled}
              // Pressing the chosen time again clears it: the slot is optional.
              onClick={() => onChange(chosen ? undefined : group.slotIds[0])}
              data-testid={`slot-${group.startTime}`}
              className={cn(
                'flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-md border px-2 py-2 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
                chosen
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-background hover:bg-accent hover:text-accent-foreground',
              )}
            >
              <span className="text-sm font-semibold">{formatTime(group.startTime)}</span>
              <span className={cn('text-xs', chosen ? 'text-primary-foreground' : 'text-muted-foreground')}>
                {COPY.slots.available(group.slotIds.length)}
              </span>
            </button>
          );
        })}
      </div>
    );
  }

  return (
    <fieldset className="grid min-w-0 gap-2" aria-busy={hasDate && slotsQuery.isFetching}>
      <legend className="mb-2 text-sm font-medium leading-none">{COPY.labels.timeSlot}</legend>
      {content}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SlotMessage({ children, icon }: { children: ReactNode; icon?: boolean }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
      {icon && <CalendarClock className="size-5 shrink-0" aria-hidden="true" />}
      <p>{children}</p>
    </div>
  );
}
