import type { CreateServiceRequestInput } from '@shared/contracts/booking';
import { availabilitySlots } from '@shared/schema';
import type { TestContext } from '../../test/test-context';
import { uniqueEmail } from '../../test/test-context';

/**
 * Test-only helpers for the booking tests: bookings by someone new each time (own e-mail, phone and
 * street number, which the daily caps count) unless the overrides say otherwise, with the file's own
 * `defaults` (a preferred date at least), and open slots of the test's own, each at its own time, so
 * tests never compete for the seeded ones. `context` gives the test's context once its beforeAll has
 * made it.
 */
export function bookingFixtures(
  context: () => Pick<TestContext, 'database'>,
  {
    tag,
    ...defaults
  }: { tag: string; preferredDate: string } & Partial<Omit<CreateServiceRequestInput, 'email'>>,
) {
  let counter = 0;
  const nextStartTime = () => {
    counter += 1;
    const hour = 8 + (Math.floor(counter / 60) % 12);
    return `${String(hour).padStart(2, '0')}:${String(counter % 60).padStart(2, '0')}`;
  };
  /** `count` fresh open slots on `date`. */
  const freshSlots = (date: string, count: number) =>
    context()
      .database.db.insert(availabilitySlots)
      .values(Array.from({ length: count }, () => ({ date, startTime: nextStartTime(), endTime: '23:59' })))
      .returning();
  return {
    freshSlots,
    /** One fresh open slot on `date` (the preferred date by default). */
    async freshSlot(date = defaults.preferredDate) {
      const [slot] = await freshSlots(date, 1);
      return slot;
    },
    body(overrides: Partial<CreateServiceRequestInput> = {}): CreateServiceRequestInput {
      counter += 1;
      return {
        name: 'Morgan Guest',
        email: uniqueEmail(tag),
        phone: `(737) 555-${String(counter).padStart(4, '0')}`,
        serviceType: 'Drain Cleaning',
        urgency: 'routine',
        description: 'The kitchen sink drains very slowly and gurgles.',
        address: `${counter} Fixture Street, Austin, TX 78704`,
        ...defaults,
        ...overrides,
      };
    },
  };
}
