import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import type { NewRegion } from '@shared/schema';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';

type RegionSeed = Pick<
  NewRegion,
  'code' | 'name' | 'state' | 'metro' | 'laborIndex' | 'materialIndex' | 'timeZone'
> & { timeZone: string };

/**
 * Pricing regions: labour and material cost indices relative to the national average (1.000),
 * from 2025 plumber wage levels (BLS OEWS metro data) and regional construction-cost indices.
 * The ZIP prefixes each metro covers live in shared/region-zip-prefixes.ts (REGION_ZIP_PREFIXES);
 * 'US' is the national default for ZIPs no metro covers.
 *
 * `timeZone` is the IANA zone of the metro (every prefix it covers lies in it: the New Jersey
 * prefixes of NYC are Eastern like the city): a job posted there is shown and judged on its clock.
 * Phoenix keeps standard time all year (Arizona has no DST). The national default has no place of
 * its own: it takes the app's zone (APP_TIME_ZONE), see `regionSeeds`.
 */
export const REGIONS: readonly RegionSeed[] = [
  {
    code: 'US',
    name: 'United States (national average)',
    state: 'US',
    metro: null,
    laborIndex: '1.000',
    materialIndex: '1.000',
    timeZone: DEFAULT_APP_TIME_ZONE,
  },
  {
    code: 'NYC',
    name: 'New York City',
    state: 'NY',
    metro: 'New York–Newark–Jersey City',
    laborIndex: '1.480',
    materialIndex: '1.120',
    timeZone: 'America/New_York',
  },
  {
    code: 'SFO',
    name: 'San Francisco Bay Area',
    state: 'CA',
    metro: 'San Francisco–Oakland–San Jose',
    laborIndex: '1.420',
    materialIndex: '1.150',
    timeZone: 'America/Los_Angeles',
  },
  {
    code: 'LAX',
    name: 'Los Angeles',
    state: 'CA',
    metro: 'Los Angeles–Long Beach–Anaheim',
    laborIndex: '1.280',
    materialIndex: '1.100',
    timeZone: 'America/Los_Angeles',
  },
  {
    code: 'CHI',
    name: 'Chicago',
    state: 'IL',
    metro: 'Chicago–Naperville–Elgin',
    laborIndex: '1.250',
    materialIndex: '1.040',
    timeZone: 'America/Chicago',
  },
  {
    code: 'SEA',
    name: 'Seattle',
    state: 'WA',
    metro: 'Seattle–Tacoma–Bellevue',
    laborIndex: '1.300',
    materialIndex: '1.080',
    timeZone: 'America/Los_Angeles',
  },
  {
    code: 'MIA',
    name: 'Miami',
    state: 'FL',
    metro: 'Miami–Fort Lauderdale–West Palm Beach',
    laborIndex: '1.050',
    materialIndex: '1.030',
    timeZone: 'America/New_York',
  },
  {
    code: 'AUS',
    name: 'Austin',
    state: 'TX',
    metro: 'Austin–Round Rock–San Marcos',
    laborIndex: '1.020',
    materialIndex: '0.980',
    timeZone: 'America/Chicago',
  },
  {
    code: 'DFW',
    name: 'Dallas–Fort Worth',
    state: 'TX',
    metro: 'Dallas–Fort Worth–Arlington',
    laborIndex: '0.960',
    materialIndex: '0.970',
    timeZone: 'America/Chicago',
  },
  {
    code: 'ATL',
    name: 'Atlanta',
    state: 'GA',
    metro: 'Atlanta–Sandy Springs–Roswell',
    laborIndex: '0.950',
    materialIndex: '0.960',
    timeZone: 'America/New_York',
  },
  {
    code: 'PHX',
    name: 'Phoenix',
    state: 'AZ',
    metro: 'Phoenix–Mesa–Chandler',
    laborIndex: '0.970',
    materialIndex: '0.980',
    timeZone: 'America/Phoenix',
  },
];

/** The regions as a database of an app running in `appTimeZone` gets them: the national default on its clock. */
export function regionSeeds(appTimeZone: string): RegionSeed[] {
  return REGIONS.map((region) =>
    region.code === DEFAULT_REGION_CODE ? { ...region, timeZone: appTimeZone } : region,
  );
}
