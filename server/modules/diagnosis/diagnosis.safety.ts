import { SEVERITIES, type Severity, type Urgency } from '@shared/constants';
import type { SafetyNotice } from '@shared/contracts/diagnosis';
import { normalizeText } from './diagnosis.text';

/**
 * Safety rules that always win, whichever engine answered: they set the issue where it matters,
 * raise severity and add a notice with what to do right now. They read the homeowner's own words.
 */
export type SafetyRuleId = 'gas' | 'electrics' | 'burst' | 'sewage' | 'freeze';

export interface SafetyMatch {
  rule: SafetyRuleId;
  severity: Severity;
  /** The catalogue issue this rule points to, when it decides it. */
  issueSlug?: string;
  notice: SafetyNotice;
}

export const SAFETY_NOTICES: Readonly<Record<SafetyRuleId, SafetyNotice>> = {
  gas: {
    level: 'danger',
    title: 'Possible gas leak — leave now',
    message:
      'Get everyone out of the building now. Do not switch lights or appliances on or off, light anything or use a phone inside. From outside, call your gas utility’s emergency line or 911. Do not go back in until they say it is safe.',
  },
  electrics: {
    level: 'danger',
    title: 'Water near electricity',
    message:
      'Stay out of the wet area and do not touch outlets, switches or appliances in it. If you can reach the breaker panel from a dry spot, switch off power to that area; otherwise call your electric utility. Then shut off the main water valve.',
  },
  burst: {
    level: 'danger',
    title: 'Shut off your water now',
    message:
      'Turn off the main water shut-off valve (usually where the main line enters the house, near the water meter or water heater), then open a cold faucet on the lowest floor to drain the pressure. Switch off the water heater and keep clear of wet outlets.',
  },
  sewage: {
    level: 'warning',
    title: 'Sewage backup — stop using water',
    message:
      'Do not flush, shower or run the washer or dishwasher until the line is cleared. Keep children and pets away: sewage carries bacteria. Wear gloves and boots if you must go near it, and stay away from wet outlets.',
  },
  freeze: {
    level: 'warning',
    title: 'Frozen pipe — protect against a burst',
    message:
      'Find your main water shut-off now in case the pipe splits as it thaws. Keep the faucet open, open cabinet doors and warm the pipe gently with a hair dryer or space heater kept at a distance — never an open flame.',
  },
};

const GAS_APPLIANCE =
  '(?!\\s+(?:waterheater|dryer|furnace|heater|fireplace|range|stove|oven|grill|bill|mileage|station|tank\\s+car))';
// 'smel', 'smeel', 'smelll': a short word the spelling correction leaves alone, too important to miss.
const SMELL = 'sme+l+\\w*';
const GAS_PATTERNS = [
  new RegExp(`\\b(?:gas|propane)\\s+(?:leak\\w*|${SMELL}|odou?r\\w*|fumes?)\\b`),
  new RegExp(
    `\\b(?:${SMELL}|odou?r\\w*|whiff|stink\\w*|stench|fumes?)\\b(?:\\W+\\w+){0,4}?\\W+(?:gas|propane)\\b(?!\\s+(?:waterheater|dryer|furnace|stove|oven))`,
  ),
  new RegExp(`\\bleak\\w*\\s+(?:\\w+\\s+){0,2}?(?:gas|propane)\\b${GAS_APPLIANCE}`),
  /\bhiss\w*\b[^.!?]{0,60}\b(?:gas|propane|gas\s+meter)\b|\b(?:gas|propane)\b[^.!?]{0,60}\bhiss\w*/,
  /\brotten[\s-]+eggs?\b/,
];

const WATER_WORDS =
  /\b(?:water|leak\w*|drip\w*|flood\w*|wet|puddle\w*|soak\w*|spray\w*|pour\w*|gush\w*|sewage)\b/;
const ELECTRIC_WORDS =
  /\b(?:outlets?|sockets?|power\s+points?|electrical\s+(?:panel|box|outlet|wiring|cords?)s?|breaker\s+(?:box|panel)|fuse\s*box|panel\s+box|wiring|wires|light\s+fixtures?|ceiling\s+lights?|light\s+switch(?:es)?|electrics|extension\s+cords?|power\s+strips?|electricity|sparking|sparks)\b/;

// An appliance's supply hose or line (folded to 'appliancesupply') bursts like a pipe, at full pressure.
const BURST_PATTERNS = [
  /\b(?:pipe|pipes|water\s+line|supply\s+line|appliancesupply)\b[^.!?]{0,25}\b(?:burst|bursted|busted|split|exploded|ruptured|broke)\b/,
  /\b(?:burst|bursted|busted|split|ruptured|exploded)\s+(?:\w+\s+)?(?:pipe|pipes|water\s+line|supply\s+line|appliancesupply)\b/,
  /\bwater\b[^.!?]{0,25}\b(?:spraying|gushing|shooting|spurting)\s+(?:out\s+)?(?:of|from)\s+(?:a\s+|the\s+)?(?:pipe|wall|line)\b/,
  // A pipe that cracked, snapped or blew and is now spraying or gushing is a burst pipe too.
  /\b(?:pipe|pipes|water\s+line|supply\s+line|appliancesupply)\b[^.!?]{0,25}\b(?:cracked|snapped|blew|blown|popped|came\s+apart)\b[^.!?]{0,40}\b(?:spray\w*|gush\w*|shoot\w*|spurt\w*|pour\w*|everywhere)\b/,
];
const NOT_SUPPLY_PIPE = /\b(?:sewer|sewage|clay|drain\s+line|waste\s+line)\b/;

const SEWAGE_PATTERNS = [
  /\bsewage\b(?!\s+(?:smell|odou?r|stink))/,
  /\bblack\s+water\b/,
  /\bsewer\b[^.!?]{0,30}\bbackup\b|\bbackup\b[^.!?]{0,30}\bsewer\b/,
  /\bbackup\b[^.!?]{0,40}\b(?:floor\s+drain|basement|bathtub|tub|shower)\b/,
  /\bfloor\s+drains?\b[^.!?]{0,30}\b(?:overflow\w*|backup|bubbl\w*|com\w*\s+up)\b/,
  /\b(?:when\s+i\s+flush|flushing)\b[^.!?]{0,60}\b(?:comes?|coming|came|bubbles?|rises?)\s+up\b/,
  /\b(?:dirty|waste|sewer|brown)\s+water\b[^.!?]{0,40}\b(?:comes?|coming|came|bubbl\w*|ris\w*)\s+up\b/,
  // The index reads "poop" as sewage; so do the rules.
  /\b(?:poop|poo|feces|faeces|excrement|human\s+waste|toilet\s+water)\b[^.!?]{0,40}\b(?:(?:comes?|coming|came|bubbl\w*|ris\w*|float\w*)\s+up|backup)\b/,
];
const SEWAGE_SPREADING = /\b(?:flood\w*|everywhere|overflow\w*|spreading|carpet|living\s+room|bedroom)\b/;

const FREEZE_WORDS =
  /\b(?:frozen|froze|freez\w*|iced|ice\s+in|below\s+(?:zero|freezing)|cold\s+(?:snap|night|spell|weather|front)|polar\s+vortex)\b|(?:^|\s)-\d+\s*(?:degrees|°|f\b|c\b)?|\bminus\s+\d+/;
const NO_WATER_WORDS =
  /\b(?:no\s+water|not\s+(?:any\s+)?water|nothing\s+(?:comes?|came|coming)\s+out|gives?\s+nothing|no\s+flow|water\s+stopped|pipes?\s+(?:are\s+|is\s+|have\s+|has\s+)?froze\w*|frozen\s+pipes?)\b/;
const SHOWER_TEMPERATURE = /\b(?:scald\w*|temperature|hot\s+to\s+cold|cold\s+to\s+hot)\b/;

const sentences = (text: string) => text.split(/[.!?\n;]+/).filter((s) => s.trim().length > 0);

/** Every safety rule the homeowner's words trigger, most serious first. */
export function evaluateSafety(description: string): SafetyMatch[] {
  const text = normalizeText(description).replace(/\s+/g, ' ');
  const parts = sentences(text);
  const matches: SafetyMatch[] = [];

  if (GAS_PATTERNS.some((p) => p.test(text))) {
    matches.push({
      rule: 'gas',
      severity: 'critical',
      issueSlug: 'gas-line-leak',
      notice: SAFETY_NOTICES.gas,
    });
  }
  if (parts.some((s) => WATER_WORDS.test(s) && ELECTRIC_WORDS.test(s))) {
    matches.push({
      rule: 'electrics',
      severity: 'critical',
      issueSlug: 'emergency-repair',
      notice: SAFETY_NOTICES.electrics,
    });
  }
  const burst = parts.some((s) => !NOT_SUPPLY_PIPE.test(s) && BURST_PATTERNS.some((p) => p.test(s)));
  if (burst)
    matches.push({
      rule: 'burst',
      severity: 'critical',
      issueSlug: 'burst-pipe',
      notice: SAFETY_NOTICES.burst,
    });
  if (SEWAGE_PATTERNS.some((p) => p.test(text))) {
    const severity: Severity = SEWAGE_SPREADING.test(text) ? 'critical' : 'high';
    matches.push({ rule: 'sewage', severity, issueSlug: 'sewer-backup', notice: SAFETY_NOTICES.sewage });
  }
  const frozenNoWater =
    parts.some((s) => FREEZE_WORDS.test(s) && !SHOWER_TEMPERATURE.test(s)) && NO_WATER_WORDS.test(text);
  if (frozenNoWater && !burst) {
    matches.push({
      rule: 'freeze',
      severity: 'high',
      issueSlug: 'frozen-pipe',
      notice: SAFETY_NOTICES.freeze,
    });
  }
  return matches;
}

export const severityRank = (severity: Severity) => SEVERITIES.indexOf(severity);
export const maxSeverity = (a: Severity, b: Severity): Severity =>
  severityRank(a) >= severityRank(b) ? a : b;

/** Words that make any problem worse than its usual severity (one step, at most to high). */
const INTENSIFIERS =
  /\b(?:flood\w*|everywhere|gush\w*|pour\w*|spray\w*|not\s+stop\w*|will\s+not\s+stop|ceiling\s+(?:is\s+)?(?:sagging|collaps\w*|bulging)|water\s+damage|all\s+over\s+the\s+floor)\b/;

/**
 * The homeowner's urgency and words raise severity where they should: urgent → at least medium,
 * emergency → at least high; alarming words raise one step (to high at most). Never lowers.
 */
export function adjustSeverity(base: Severity, description: string, urgency: Urgency): Severity {
  let severity = base;
  if (INTENSIFIERS.test(normalizeText(description))) {
    severity = maxSeverity(severity, SEVERITIES[Math.min(severityRank(severity) + 1, severityRank('high'))]);
  }
  if (urgency === 'urgent') severity = maxSeverity(severity, 'medium');
  if (urgency === 'emergency') severity = maxSeverity(severity, 'high');
  return severity;
}

/** Issues a safety rule may leave in place instead of its own (a sewer problem stays a sewer problem). */
const RULE_KEEPS: Partial<Record<SafetyRuleId, readonly string[]>> = {
  // Water at the electrics needs someone now; a leak with its own urgent repair keeps that repair.
  electrics: [
    'emergency-repair',
    'burst-pipe',
    'water-heater-leak',
    'sewer-backup',
    'sump-pump-repair',
    'supply-line-hookup',
    'frozen-pipe',
    'slab-leak',
  ],
  sewage: ['sewer-backup', 'sewer-line-service', 'sewer-line-replacement'],
  burst: ['burst-pipe', 'emergency-repair', 'water-line-repair', 'supply-line-hookup'],
  freeze: ['frozen-pipe', 'burst-pipe', 'hose-bib-repair'],
};

export interface SafetyOutcome {
  issueSlug: string | null;
  severity: Severity;
  notice: SafetyMatch['notice'] | null;
  rules: SafetyRuleId[];
}

/**
 * Applies the rules to an engine's choice: severity becomes the highest of all; the first rule that
 * names an issue decides it unless the engine's choice already fits that rule (a gas smell always
 * means the gas-line issue); the most serious rule's notice is shown.
 */
export function applySafety(
  matches: readonly SafetyMatch[],
  choice: { issueSlug: string | null; severity: Severity },
  activeSlugs: ReadonlySet<string>,
): SafetyOutcome {
  if (matches.length === 0) return { ...choice, notice: null, rules: [] };
  let { issueSlug } = choice;
  let severity = choice.severity;
  for (const match of matches) severity = maxSeverity(severity, match.severity);
  const deciding = matches.find((m) => m.issueSlug);
  const fits = deciding && issueSlug !== null && (RULE_KEEPS[deciding.rule] ?? []).includes(issueSlug);
  if (deciding?.issueSlug && !fits && activeSlugs.has(deciding.issueSlug)) issueSlug = deciding.issueSlug;
  if (!issueSlug && activeSlugs.has('emergency-repair')) issueSlug = 'emergency-repair';
  return { issueSlug, severity, notice: matches[0].notice, rules: matches.map((m) => m.rule) };
}
