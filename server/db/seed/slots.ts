import { asc, ne } from 'drizzle-orm';
import { addCalendarDays, todayIn, weekdayOf } from '@shared/dates';
import { availabilitySlots, technicians, type NewAvailabilitySlot } from '@shared/schema';
import type { Executor } from '../client';
import { SUNDAY_TECHNICIAN_EMAILS } from './technicians';

/** Start hours of the one-hour slots: 08:00–16:00 Monday to Saturday, 09:00–12:00 on Sunday. */
const WEEKDAY_START_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16];
const SUNDAY_START_HOURS = [9, 10, 11, 12];
/** How many technicians work Sunday mornings when none of the seeded Sunday crew is present. */
const SUNDAY_CREW_FALLBACK = 2;
/** Rows per INSERT: 6 parameters each, far below PostgreSQL's 65,535-parameter limit. */
const CHUNK_SIZE = 1000;

const toHourMinute = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Makes sure every active technician (not off duty) has its one-hour slots for `days` days starting
 * with `from`'s date in `timeZone` (the app's, APP_TIME_ZONE; never the process's own zone).
 * Idempotent: existing slots, booked or not, are left alone (unique on technician, date, start
 * time). Returns how many slots were added.
 */
export async function ensureAvailabilitySlots(
  db: Executor,
  options: { from: Date; days: number; timeZone: string },
): Promise<number> {
  const crew = await db
    .select({ id: technicians.id, email: technicians.email })
    .from(technicians)
    .where(ne(technicians.status, 'off_duty'))
    .orderBy(asc(technicians.email));
  if (crew.length === 0 || options.days <= 0) return 0;

  const sundayCrew = crew.filter((technician) => SUNDAY_TECHNICIAN_EMAILS.has(technician.email));
  const sundayIds = new Set(
    (sundayCrew.length > 0 ? sundayCrew : crew.slice(0, SUNDAY_CREW_FALLBACK)).map(
      (technician) => technician.id,
    ),
  );

  const firstDate = todayIn(options.timeZone, options.from);
  const rows: NewAvailabilitySlot[] = [];
  for (let offset = 0; offset < options.days; offset += 1) {
    const date = addCalendarDays(firstDate, offset);
    const isSunday = weekdayOf(date) === 0;
    for (const technician of crew) {
      if (isSunday && !sundayIds.has(technician.id)) continue;
      for (const hour of isSunday ? SUNDAY_START_HOURS : WEEKDAY_START_HOURS) {
        rows.push({
          technicianId: technician.id,
          date,
          startTime: toHourMinute(hour),
          endTime: toHourMinute(hour + 1),
        });
      }
    }
  }

  let inserted = 0;
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const added = await db
      .insert(availabilitySlots)
      .values(rows.slice(start, start + CHUNK_SIZE))
      .onConflictDoNothing({
        target: [availabilitySlots.technicianId, availabilitySlots.date, availabilitySlots.startTime],
      })
      .returning({ id: availabilitySlots.id });
    inserted += added.length;
  }
  return inserted;
}
