import zipcodes from 'zipcodes';

/** Offline US ZIP geocoding (the `zipcodes` package ships ~42k ZIPs); no network involved. */
export interface ZipLocation {
  zip: string;
  lat: number;
  lng: number;
  city: string;
  state: string;
}

const ZIP_PATTERN = /\b(\d{5})(?:-\d{4})?\b/g;

export function lookupZip(zip: string): ZipLocation | undefined {
  if (!/^\d{5}$/.test(zip)) return undefined;
  const found = zipcodes.lookup(zip);
  if (!found || found.country !== 'US') return undefined;
  return { zip: found.zip, lat: found.latitude, lng: found.longitude, city: found.city, state: found.state };
}

/** The ZIP code of a US address: the last 5-digit group (ZIP+4 accepted), e.g. "12 Oak St, Austin, TX 78701". */
export function extractZip(address: string): string | undefined {
  // One pass keeping the last match: a list of every match per call showed in the nearby profile.
  let zip: string | undefined;
  ZIP_PATTERN.lastIndex = 0;
  for (let match = ZIP_PATTERN.exec(address); match; match = ZIP_PATTERN.exec(address)) zip = match[1];
  return zip;
}

/**
 * Each ZIP code's area name as looked up once, or null for an unknown one. The data set is fixed
 * while the process runs, and a page of nearby jobs names twenty areas; at most one entry per
 * five-digit string.
 */
const areaNames = new Map<string, string | null>();

/** 'Austin, TX 78745' from an address's ZIP code; never the street. */
export function areaOfAddress(address: string): string | null {
  const zip = extractZip(address);
  if (zip === undefined) return null;
  let area = areaNames.get(zip);
  if (area === undefined) {
    const place = lookupZip(zip);
    area = place ? `${place.city}, ${place.state} ${place.zip}` : null;
    areaNames.set(zip, area);
  }
  return area;
}

/** Geocodes an address by its ZIP code; undefined when it has none or an unknown one. */
export function locateAddress(address: string): ZipLocation | undefined {
  const zip = extractZip(address);
  return zip ? lookupZip(zip) : undefined;
}

export { haversineKm } from '@shared/geo';
