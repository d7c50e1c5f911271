import { DEFAULT_REGION_CODE, regionCodeForZip } from '@shared/region-zip-prefixes';
import { isTimeZone } from '@shared/time-zone';
import type { Executor } from '../../db/client';
import { listRegionTimeZones } from './pricing.repository';

/**
 * The clock of a place: the IANA zone of the region its ZIP falls in (`regions.time_zone`), the
 * national default region's for a ZIP no metro covers (and for no ZIP), and `fallbackZone` (the
 * app's) when even that row is missing or names no zone the runtime knows. Read from the table on
 * every call, in the caller's transaction: a zone an admin corrects applies to the next job at once.
 */
export async function timeZoneForZip(
  executor: Executor,
  zip: string | undefined,
  fallbackZone: string,
): Promise<string> {
  const code = regionCodeForZip(zip);
  const rows = await listRegionTimeZones(executor, [code, DEFAULT_REGION_CODE]);
  const zoneOf = (wanted: string) =>
    rows.find((row) => row.code === wanted && isTimeZone(row.timeZone))?.timeZone;
  return zoneOf(code) ?? zoneOf(DEFAULT_REGION_CODE) ?? fallbackZone;
}

/** The zones of places for the services that judge and show times there (jobs, plumbers). */
export interface RegionTimeZones {
  /** The zone of a ZIP's region (see timeZoneForZip), read through `executor`. */
  ofZip(executor: Executor, zip: string | undefined): Promise<string>;
}

/** Built once in createApp; `appTimeZone` (APP_TIME_ZONE) is the last resort. */
export function createRegionTimeZones({ appTimeZone }: { appTimeZone: string }): RegionTimeZones {
  return { ofZip: (executor, zip) => timeZoneForZip(executor, zip, appTimeZone) };
}
