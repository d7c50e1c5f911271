import { addCalendarDays, todayIn, weekdayOf } from '@shared/dates';
import type { Executor } from '../../db/client';
import { SUNDAY_TECHNICIAN_EMAILS } from '../../db/seed/technicians';
import { insertSlotsIfNew, listWorkingTechnicians, type NewAvailabilitySlot } from './booking.repository';

/** Start hours of the one-hour slots: 08:00–16:00 Monday to Saturday, 09:00–12:00 on Sunday. */
const WEEKDAY_START_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16];
const SUNDAY_START_HOURS = [9, 10, 11, 12];
/** How many technicians work Sunday mornings when none of the seeded Sunday crew is present. */
const SUNDAY_CREW_FALLBACK = 2;

const toHourMinute = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Makes sure every active technician (not off duty) has its one-hour slots for `days` days starting
 * with `from`'s date in `timeZone` (the app's, APP_TIME_ZONE; never the process's own zone).
 * Idempotent: existing slots, booked or not, are left alone (unique on technician, date, start
 * time). Returns how many slots were added. The slot scheduler and the seed both call it.
 */
export async function ensureAvailabilitySlots(
  db: Executor,
  options: { from: Date; days: number; timeZone: string },
): Promise<number> {
  const crew = await listWorkingTechnicians(db);
  if (crew.length === 0 || options.days <= 0) return 0;

  // Who works Sundays is part of the technicians' reference data (the table has no column for it).
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
  return insertSlotsIfNew(db, rows);
}
