import bcrypt from 'bcrypt';
import { eq, inArray, sql } from 'drizzle-orm';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_REGION_CODE, regionCodeForZip } from '@shared/region-zip-prefixes';
import {
  jobStatusEvents,
  jobs,
  plumbers,
  regions,
  users,
  type NewJob,
  type NewPlumber,
  type NewUser,
} from '@shared/schema';
import type { Database } from '../client';

/** Stated in the README; only ever seeded with DEMO_SEED=true. */
export const DEMO_PASSWORD = 'plumbline-demo';

type DemoUser = Pick<NewUser, 'email' | 'role' | 'name' | 'phone'> & { email: string };

export const DEMO_USERS = {
  homeowner: {
    email: 'homeowner@demo.plumbline.test',
    role: 'homeowner',
    name: 'Dana Homeowner',
    phone: '5125550101',
  },
  plumber: {
    email: 'plumber@demo.plumbline.test',
    role: 'plumber',
    name: 'Pat Plumber',
    phone: '5125550102',
  },
  admin: { email: 'admin@demo.plumbline.test', role: 'admin', name: 'Alex Admin', phone: '5125550103' },
  neighbor: {
    email: 'neighbor@demo.plumbline.test',
    role: 'homeowner',
    name: 'Nina Neighbor',
    phone: '5125550104',
  },
  /** Has submitted its details and waits in the admin's Plumbers tab. */
  pendingPlumber: {
    email: 'new.plumber@demo.plumbline.test',
    role: 'plumber',
    name: 'Casey Newpipe',
    phone: '5125550105',
  },
} as const satisfies Record<string, DemoUser>;

/** Demo plumbers' rows; insurance runs for `insuredForDays` from the seed date, on the app's clock. */
type DemoPlumber = Omit<NewPlumber, 'userId' | 'insuranceExpiresOn'> & { insuredForDays: number };

/**
 * The demo plumber works from downtown Austin (ZIP 78701) within 40 km: every demo job is inside.
 * An admin has verified it, so it sees the demo jobs and quotes.
 */
export const DEMO_PLUMBER: DemoPlumber = {
  skills: ['Drain cleaning', 'Water heaters', 'Leak repair', 'Fixture replacement', 'Emergency repairs'],
  verificationStatus: 'verified',
  currentLat: '30.2711286',
  currentLng: '-97.7436995',
  currentAddress: 'Austin, TX 78701',
  serviceRadiusKm: '40',
  status: 'available',
  businessName: 'Pat Plumber Plumbing & Drains',
  licenseNumber: 'M-40213',
  licenseState: 'TX',
  insuredForDays: 365,
};

/** The pending demo plumber, south Austin (78704) within 25 km: it sees how many jobs are near, not which. */
export const DEMO_PENDING_PLUMBER: DemoPlumber = {
  skills: ['Leak repair', 'Toilet repair'],
  verificationStatus: 'pending',
  currentLat: '30.2428000',
  currentLng: '-97.7658000',
  currentAddress: 'Austin, TX 78704',
  serviceRadiusKm: '25',
  status: 'available',
  businessName: 'Newpipe Plumbing Co.',
  licenseNumber: 'M-51877',
  licenseState: 'TX',
  insuredForDays: 180,
};

const DEMO_PLUMBERS: [email: string, plumber: DemoPlumber][] = [
  [DEMO_USERS.plumber.email, DEMO_PLUMBER],
  [DEMO_USERS.pendingPlumber.email, DEMO_PENDING_PLUMBER],
];

type DemoJob = Pick<NewJob, 'issueSlug' | 'issueDescription' | 'address' | 'lat' | 'lng' | 'urgency'> & {
  /** Preferred date, in days from the seed date. */
  inDays: number;
};

/** Open jobs posted by demo homeowners, keyed by the customer's e-mail. */
export const DEMO_JOBS: Record<string, DemoJob[]> = {
  [DEMO_USERS.neighbor.email]: [
    {
      issueSlug: 'burst-pipe',
      issueDescription:
        'A pipe burst under the bathroom sink and water was spraying everywhere. I shut off the main valve, but the house has no water until it is fixed.',
      address: '6210 Manchaca Rd, Austin, TX 78745',
      lat: '30.2070000',
      lng: '-97.7960000',
      urgency: 'emergency',
      inDays: 0,
    },
    {
      issueSlug: 'clogged-drain',
      issueDescription:
        'Kitchen sink drains very slowly and gurgles; plunging and a drain cleaner did not help. Double sink with a garbage disposal on one side.',
      address: '1208 E 11th St, Austin, TX 78702',
      lat: '30.2634000',
      lng: '-97.7141000',
      urgency: 'routine',
      inDays: 3,
    },
    {
      issueSlug: 'water-heater-no-hot-water',
      issueDescription:
        'No hot water since yesterday. 40-gallon gas water heater in the garage, about 9 years old; the pilot light will not stay lit.',
      address: '2009 S 1st St, Austin, TX 78704',
      lat: '30.2428000',
      lng: '-97.7658000',
      urgency: 'urgent',
      inDays: 1,
    },
    {
      issueSlug: 'running-toilet',
      issueDescription:
        'The upstairs toilet keeps running and refills every few minutes. I already replaced the flapper and it still does it.',
      address: '1401 Cypress Creek Rd, Cedar Park, TX 78613',
      lat: '30.5052000',
      lng: '-97.8203000',
      urgency: 'routine',
      inDays: 5,
    },
  ],
  [DEMO_USERS.homeowner.email]: [
    {
      issueSlug: 'leaky-faucet',
      issueDescription:
        'The bathroom faucet drips constantly, even when the handle is fully closed. Single-handle faucet, about 10 years old.',
      address: '1500 W 34th St, Austin, TX 78703',
      lat: '30.3050000',
      lng: '-97.7550000',
      urgency: 'routine',
      inDays: 4,
    },
  ],
};

export interface DemoSeedCounts {
  users: number;
  plumbers: number;
  jobs: number;
  jobStatusEvents: number;
}

/** Any fixed number: two instances seeding at once take turns to create demo jobs. */
const DEMO_JOBS_LOCK_KEY = 727_002;

/**
 * Demo accounts for every role, a verified and a pending demo plumber, and a few open jobs near them.
 * Idempotent: existing accounts are kept as they are (and not re-hashed), the plumber row is only
 * created if missing, and demo jobs only for a demo homeowner who has no jobs yet.
 */
export async function seedDemoData(
  db: Database,
  options: {
    bcryptCost: number;
    /** Demo jobs' preferred dates count days from this instant's date in `timeZone`. */
    today: Date;
    /** APP_TIME_ZONE; a demo job's own zone is its region's. */
    timeZone: string;
  },
): Promise<DemoSeedCounts> {
  const counts: DemoSeedCounts = { users: 0, plumbers: 0, jobs: 0, jobStatusEvents: 0 };
  const demoUsers: DemoUser[] = Object.values(DEMO_USERS);
  const emails = demoUsers.map((user) => user.email);

  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const existingEmails = new Set(existing.map((user) => user.email));
  const missing = demoUsers.filter((user) => !existingEmails.has(user.email));
  if (missing.length > 0) {
    const rows = await Promise.all(
      missing.map(async (user) => ({
        ...user,
        passwordHash: await bcrypt.hash(DEMO_PASSWORD, options.bcryptCost),
        // Their addresses are the demo's own domain: shown as verified, so the demo is the product
        // a verified user sees, with no "verify your e-mail" banner on every page.
        emailVerifiedAt: new Date(),
      })),
    );
    const added = await db
      .insert(users)
      .values(rows)
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    counts.users = added.length;
  }

  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idByEmail = new Map(accounts.map((account) => [account.email, account.id]));

  for (const [email, { insuredForDays, ...plumber }] of DEMO_PLUMBERS) {
    const userId = idByEmail.get(email);
    if (!userId) continue;
    const added = await db
      .insert(plumbers)
      .values({
        ...plumber,
        userId,
        insuranceExpiresOn: dayFromTodayIn(options.timeZone, insuredForDays, options.today),
        vettingSubmittedAt: options.today,
        vettingDecidedAt: plumber.verificationStatus === 'verified' ? options.today : null,
      })
      .onConflictDoNothing({ target: plumbers.userId })
      .returning({ id: plumbers.id });
    counts.plumbers += added.length;
  }

  for (const [email, demoJobs] of Object.entries(DEMO_JOBS)) {
    const customerId = idByEmail.get(email);
    if (!customerId) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_JOBS_LOCK_KEY})`);
      const [anyJob] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.customerId, customerId))
        .limit(1);
      if (anyJob) return;
      // Each job on its region's clock, as a posted job is (the regions are seeded by now): the
      // region of the ZIP that ends its address, else the national default's.
      const zones = new Map(
        (await tx.select({ code: regions.code, timeZone: regions.timeZone }).from(regions)).map((row) => [
          row.code,
          row.timeZone,
        ]),
      );
      const zoneOf = (address: string) =>
        zones.get(regionCodeForZip(/(\d{5})$/.exec(address)?.[1])) ??
        zones.get(DEFAULT_REGION_CODE) ??
        options.timeZone;
      const created = await tx
        .insert(jobs)
        .values(
          demoJobs.map(({ inDays, ...job }) => ({
            ...job,
            customerId,
            preferredDate: dayFromTodayIn(options.timeZone, inDays, options.today),
            timeZone: zoneOf(job.address),
            currentStatus: 'requested' as const,
          })),
        )
        .returning({ id: jobs.id });
      const events = await tx
        .insert(jobStatusEvents)
        .values(created.map((job) => ({ jobId: job.id, status: 'requested' as const, notes: 'Job posted' })))
        .returning({ id: jobStatusEvents.id });
      counts.jobs += created.length;
      counts.jobStatusEvents += events.length;
    });
  }

  return counts;
}
