/**
 * Text processing shared by the knowledge-base index and the queries: phrase folding
 * ("hot water tank" → waterheater), colloquial synonyms (loo → toilet, garburator → disposal),
 * common misspellings, stop words and a light English stemmer. Index and query go through the
 * same steps, so "clogged", "clogging" and "blocked" all meet at one term.
 */

/** Multi-word phrases folded into one token before splitting (order matters: longest first). */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [
    /\b(?:hot\s+water\s+heater|hot\s+water\s+tank|hot\s+water\s+cylinder|hot\s+water\s+system|water\s+heater|hwt)s?\b/g,
    ' waterheater ',
  ],
  [
    /\b(?:garbage|waste|food)\s+dispos(?:al|er)s?\b|\bin-?sink-?erator\b|\binsinkerator\b|\bgarb[aeu]rator\b|\bdisposal\s+unit\b/g,
    ' disposal ',
  ],
  [
    /\b(?:main\s+)?(?:shut\s*-?\s*off|stop|isolation|isolating)\s+valves?\b|\bstop\s*cocks?\b/g,
    ' shutoff valve ',
  ],
  [
    /\b(?:hose\s+bibb?s?|sill\s*cocks?|(?:outside|outdoor|garden|exterior)\s+(?:tap|faucet|spigot)s?|spigots?|(?:taps?|faucets?)\s+(?:outside|in\s+the\s+(?:yard|garden)))\b/g,
    ' hosebib ',
  ],
  [/\bsump\s+pumps?\b|\bsump\s+pits?\b|\bsumps?\b/g, ' sump pump '],
  [/\b(?:water\s+)?softeners?\b|\bsalt\s+system\b|\bbrine\s+tanks?\b/g, ' softener '],
  [
    /\bon[\s-]?demand\b|\btankless\b|\binstant\s+hot\s+water\b|\b(?:rinnai|navien|noritz|takagi)\b/g,
    ' tankless ',
  ],
  [/\bwater\s+hammer\b/g, ' waterhammer '],
  // Appliances and equipment: one token each, so the words point to the job they belong to.
  [/\bdish\s*-?\s*washers?\b/g, ' dishwasher '],
  [
    /\bwashing\s+machines?\b|\bclothes\s+washers?\b|\bwashers?(?=\s+(?:hoses?|box(?:es)?|valves?|hook\s*-?\s*ups?|supply|lines?|connections?|delivered)\b)/g,
    ' washingmachine ',
  ],
  [/\b(behind|under|beside|to|for|from)\s+(the|my|our|a|new)\s+washers?\b/g, ' $1 $2 washingmachine '],
  // The water line that feeds an appliance ("ice maker line", "hose behind the washer").
  [
    /\b(icemaker|dishwasher|washingmachine|fridge|refrigerator)\s+(?:water\s+|supply\s+)*(?:lines?|hoses?|tubes?|tubing|connections?)\b/g,
    ' $1 appliancesupply ',
  ],
  [
    /\b(?:water\s+|supply\s+)*(?:lines?|hoses?|tubes?|tubing)\s+(?:to|for|behind|under|from|of|on|into)\s+(?:the\s+|my\s+|our\s+|a\s+|new\s+)?(icemaker|dishwasher|washingmachine|fridge|refrigerator)\b/g,
    ' appliancesupply $1 ',
  ],
  [/\b(?:well\s+pumps?|submersible\s+pumps?|jet\s+pumps?)\b/g, ' wellpump '],
  [/\b(?:well\s+)?(?:pressure|bladder)\s+tanks?\b|\bwell\s+tanks?\b/g, ' pressuretank '],
  [/\b(?:on|from|in|with)\s+(?:a|our|my|the)\s+(?:private\s+)?well\b|\bwell\s+water\b/g, ' wellwater '],
  [/\bgrease\s+(?:traps?|interceptors?)\b/g, ' greasetrap '],
  [/\b(?:thermal\s+)?expansion\s+tanks?\b/g, ' expansiontank '],
  [
    /\bpressure\s*-?\s*(?:reducing|reduction|regulating)\s+valves?\b|\bpressure\s+regulators?\b|\bprvs?\b/g,
    ' prv ',
  ],
  [
    /\b(?:hot\s+water\s+)?(?:re-?circ(?:ulation|ulating)?|circulator|circulating)\s+pumps?\b/g,
    ' recircpump ',
  ],
  [
    /\b(?:plumbing\s+vents?|vent\s+stacks?|vent\s+pipes?|roof\s+vents?|air\s+admittance\s+valves?|studor\s+vents?)\b/g,
    ' ventstack ',
  ],
  [/\bback\s*-?\s*flow\b|\brpz\b|\bdouble\s+check\s+valve\b/g, ' backflow '],
  [/\bsewer\s+gas\b/g, ' sewer odor '],
  [/\bclean\s*-?\s*outs?\b/g, ' cleanout '],
  [/\bp\s*-?\s*traps?\b/g, ' ptrap '],
  [/\bshower\s*heads?\b/g, ' showerhead '],
  [/\bice\s*-?\s*makers?\b/g, ' icemaker '],
  [/\bfrost\s*-?\s*free\b/g, ' frostfree '],
  [/\bluke\s+warm\b/g, ' lukewarm '],
  [/\bstopped\s+up\b|\bbacked\s+up\b|\bbacking\s+up\b|\bbacks\s+up\b|\bback\s+up\b/g, ' backup '],
  [/\bwater\s+bills?\b/g, ' waterbill '],
  [/\bwater\s+meters?\b|\bmeter\s+box\b/g, ' watermeter '],
  [/\b(?:won'?t|wont|doesn'?t|does\s+not|isn'?t|is\s+not|can'?t|cannot|didn'?t|not)\b/g, ' not '],
];

/** Word-level synonyms and frequent misspellings → the term the knowledge base uses. */
const SYNONYMS: Readonly<Record<string, string[]>> = {
  loo: ['toilet'],
  commode: ['toilet'],
  john: ['toilet'],
  wc: ['toilet'],
  lavatory: ['toilet'],
  potty: ['toilet'],
  throne: ['toilet'],
  toliet: ['toilet'],
  toilette: ['toilet'],
  toilt: ['toilet'],
  toillet: ['toilet'],
  tiolet: ['toilet'],
  cistern: ['tank', 'toilet'],
  tap: ['faucet'],
  taps: ['faucet'],
  fawcet: ['faucet'],
  facet: ['faucet'],
  fosset: ['faucet'],
  faucett: ['faucet'],
  mixer: ['faucet'],
  spout: ['faucet'],
  clogd: ['clog'],
  cloged: ['clog'],
  blocked: ['clog'],
  blockage: ['clog'],
  block: ['clog'],
  plugged: ['clog'],
  choked: ['clog'],
  bunged: ['clog'],
  obstructed: ['clog'],
  backup: ['backup', 'clog'],
  dripping: ['drip'],
  drips: ['drip'],
  drippy: ['drip'],
  seeping: ['leak'],
  seep: ['leak'],
  seeps: ['leak'],
  weeping: ['leak'],
  weeps: ['leak'],
  leaky: ['leak'],
  presure: ['pressure'],
  pressur: ['pressure'],
  preasure: ['pressure'],
  bursted: ['burst'],
  busted: ['burst'],
  bust: ['burst'],
  ruptured: ['burst'],
  rupture: ['burst'],
  froze: ['frozen'],
  freeze: ['frozen'],
  freezing: ['frozen'],
  sewage: ['sewage', 'sewer'],
  poop: ['sewage'],
  heater: ['waterheater'],
  trickle: ['trickle', 'pressure'],
  dribble: ['trickle', 'pressure'],
  dribbles: ['trickle', 'pressure'],
  lukewarm: ['lukewarm', 'hot'],
  plumbin: ['plumbing'],
  pipeing: ['pipe'],
  piping: ['pipe'],
  pipework: ['pipe'],
  galvanised: ['galvanized'],
  scalding: ['scald', 'temperature'],
  airlock: ['air'],
};

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been being but by can could did do does doing for from had has have having he her here him his how i if ' +
    'in into is it its itself just me more most my myself nor of off on once only or other our ours out over own same she ' +
    'should so some such than that the their them then there these they this those through to too under until up very was we ' +
    'were what when where which while who whom why will with would you your yours im ive id its thats theres dont please ' +
    'keep keeps kept help hi hello thanks thank need needs want wants wanted someone somebody anyone plumber plumbers fix fixed fixing ' +
    'get got getting really just like also think seems seem look looks looking now today yesterday last night morning ' +
    'house home problem problems issue issues thing things lot bit around since about again still even every all any one two ' +
    'go goes going gone went always'
  ).split(/\s+/),
);

/**
 * Lower-case, strip accents and apostrophes, collapse whitespace, fold phrases.
 *
 * Whitespace runs collapse first (to one newline if they hold one, else one space) so that every
 * `\s+`, `\s*` in the phrase patterns here and in the safety and topic rules meets one character:
 * "p" followed by 5,000 spaces used to cost each pattern like `p\s*-?\s*trap` quadratic time.
 */
export function normalizeText(text: string): string {
  let result = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .replace(/\s+/g, (run) => (run.includes('\n') ? '\n' : ' '));
  for (const [pattern, replacement] of PHRASES) result = result.replace(pattern, replacement);
  return result.replace(/'/g, '');
}

/** No word of a plumbing description is longer; a longer "word" would only slow the fuzzy search. */
export const MAX_WORD_LENGTH = 40;

/** Splits normalized text into words. */
export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && word.length <= MAX_WORD_LENGTH);
}

const DOUBLE_END = /([b-df-hj-np-rtv-z])\1$/;
const KEEP_DOUBLE = new Set(['ll', 'ss', 'zz']);

/** A light English stemmer: plurals, -ing, -ed, -ly, -y, final -e. Deterministic and tiny. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('es') && /(?:ch|sh|x|ss|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);

  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);

  const double = DOUBLE_END.exec(w);
  if (double && !KEEP_DOUBLE.has(double[0])) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 4 && !/[aeiou]y$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** One word → the stemmed terms it stands for (none for a stop word). */
export function processTerm(term: string): string[] | null {
  const word = term.toLowerCase();
  if (STOP_WORDS.has(word)) return null;
  // Own keys only: a description saying 'constructor' must not find Object.prototype.constructor.
  const expanded = Object.hasOwn(SYNONYMS, word) ? SYNONYMS[word] : [word];
  const terms = [...new Set(expanded.map(stem))].filter((t) => t.length > 1);
  return terms.length > 0 ? terms : null;
}

/** The processed, de-duplicated terms of a text (for explanations and tests). */
export function queryTerms(text: string): string[] {
  return [...new Set(tokenize(text).flatMap((word) => processTerm(word) ?? []))];
}
