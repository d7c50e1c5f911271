/**
 * The 3-digit ZIP prefixes (USPS sectional centers) each seeded pricing region covers, keyed by
 * region code. A ZIP whose prefix is not listed is priced at the national default region.
 * Each prefix belongs to at most one region.
 */
export const DEFAULT_REGION_CODE = 'US';

export const REGION_ZIP_PREFIXES: Record<string, string[]> = {
  // New York City and its inner suburbs (NY: Manhattan, Staten Island, Bronx, Westchester, Queens,
  // Brooklyn, Long Island; NJ: Newark, Jersey City, Paterson, Hackensack).
  NYC: [
    '100',
    '101',
    '102',
    '103',
    '104',
    '105',
    '106',
    '107',
    '108',
    '110',
    '111',
    '112',
    '113',
    '114',
    '115',
    '116',
    '117',
    '118',
    '070',
    '071',
    '072',
    '073',
    '074',
    '076',
  ],
  // San Francisco Bay Area: San Francisco, Peninsula, East Bay, Marin, San Jose.
  SFO: ['940', '941', '943', '944', '945', '946', '947', '948', '949', '950', '951'],
  // Los Angeles and Orange County.
  LAX: [
    '900',
    '901',
    '902',
    '903',
    '904',
    '905',
    '906',
    '907',
    '908',
    '910',
    '911',
    '912',
    '913',
    '914',
    '915',
    '916',
    '917',
    '918',
    '926',
    '927',
    '928',
  ],
  // Chicago and suburbs.
  CHI: ['600', '601', '602', '603', '604', '605', '606', '607', '608'],
  // Austin, Round Rock, Cedar Park, San Marcos.
  AUS: ['786', '787'],
  // Dallas–Fort Worth.
  DFW: ['750', '751', '752', '753', '760', '761', '762'],
  // Atlanta.
  ATL: ['300', '301', '302', '303', '311', '399'],
  // Seattle, Tacoma, Everett.
  SEA: ['980', '981', '982', '983', '984'],
  // Phoenix, Mesa, Scottsdale.
  PHX: ['850', '852', '853'],
  // Miami, Fort Lauderdale, West Palm Beach.
  MIA: ['330', '331', '332', '333', '334'],
};

const PREFIX_TO_REGION = new Map(
  Object.entries(REGION_ZIP_PREFIXES).flatMap(([code, prefixes]) =>
    prefixes.map((prefix) => [prefix, code] as const),
  ),
);

/** The region code pricing uses for a 5-digit ZIP; the national default when no metro covers it or no ZIP is known. */
export function regionCodeForZip(zip: string | undefined): string {
  return (zip && PREFIX_TO_REGION.get(zip.trim().slice(0, 3))) || DEFAULT_REGION_CODE;
}
