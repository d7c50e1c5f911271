import type { NewTechnician } from '@shared/schema';

type TechnicianSeed = Pick<NewTechnician, 'name' | 'phone' | 'email' | 'specialties' | 'currentLocation'> & {
  email: string;
  /** Also offers Sunday-morning slots. */
  worksSundays: boolean;
};

/** The technicians whose time the booking page offers. */
export const TECHNICIANS: readonly TechnicianSeed[] = [
  {
    name: 'Marcus Reyes',
    phone: '5125550142',
    email: 'marcus.reyes@plumbline.test',
    specialties: ['Emergency repairs', 'Leak detection', 'Burst pipes'],
    currentLocation: 'Austin, TX',
    worksSundays: true,
  },
  {
    name: 'Jenna Park',
    phone: '5125550178',
    email: 'jenna.park@plumbline.test',
    specialties: ['Water heaters', 'Tankless systems', 'Gas lines'],
    currentLocation: 'Round Rock, TX',
    worksSundays: false,
  },
  {
    name: 'DeShawn Carter',
    phone: '5125550193',
    email: 'deshawn.carter@plumbline.test',
    specialties: ['Drain cleaning', 'Sewer lines', 'Camera inspection'],
    currentLocation: 'Cedar Park, TX',
    worksSundays: true,
  },
  {
    name: 'Olivia Nguyen',
    phone: '5125550127',
    email: 'olivia.nguyen@plumbline.test',
    specialties: ['Fixture replacement', 'Faucet installation', 'Toilet repair'],
    currentLocation: 'Pflugerville, TX',
    worksSundays: false,
  },
  {
    name: 'Sam Whitfield',
    phone: '5125550165',
    email: 'sam.whitfield@plumbline.test',
    specialties: ['Pipe installation', 'Repiping', 'Water line repair'],
    currentLocation: 'San Marcos, TX',
    worksSundays: false,
  },
];

export const SUNDAY_TECHNICIAN_EMAILS: ReadonlySet<string> = new Set(
  TECHNICIANS.filter((technician) => technician.worksSundays).map((technician) => technician.email),
);
