/**
 * One real, central ZIP code per seeded pricing region (a downtown post office), keyed by region
 * code. Used where a price must be shown "for a region" but the pricing engine is asked by ZIP
 * (the admin estimate preview). Each ZIP's 3-digit prefix belongs to its region in
 * REGION_ZIP_PREFIXES; the national default region ('US') has none — ask without a ZIP instead.
 */
export const REGION_REPRESENTATIVE_ZIPS: Readonly<Record<string, string>> = {
  NYC: '10001', // New York, NY (Midtown Manhattan)
  SFO: '94103', // San Francisco, CA (SoMa)
  LAX: '90012', // Los Angeles, CA (Downtown)
  CHI: '60601', // Chicago, IL (The Loop)
  AUS: '78701', // Austin, TX (Downtown)
  DFW: '75201', // Dallas, TX (Downtown)
  ATL: '30303', // Atlanta, GA (Downtown)
  SEA: '98101', // Seattle, WA (Downtown)
  PHX: '85004', // Phoenix, AZ (Downtown)
  MIA: '33130', // Miami, FL (Brickell)
};

/** The ZIP that stands for a region, or undefined (national default, or a region added later). */
export function representativeZipFor(regionCode: string): string | undefined {
  return Object.hasOwn(REGION_REPRESENTATIVE_ZIPS, regionCode)
    ? REGION_REPRESENTATIVE_ZIPS[regionCode]
    : undefined;
}
