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
  const matches = [...address.matchAll(ZIP_PATTERN)];
  return matches.at(-1)?.[1];
}

/** Geocodes an address by its ZIP code; undefined when it has none or an unknown one. */
export function locateAddress(address: string): ZipLocation | undefined {
  const zip = extractZip(address);
  return zip ? lookupZip(zip) : undefined;
}

export { haversineKm } from '@shared/geo';
