import { normalizeText } from './diagnosis.text';

/**
 * Is this about plumbing at all? Words that anchor a description in plumbing, the trades that
 * handle other problems (so the answer can point somewhere useful), and prompt-injection attempts.
 */

/** Words (after phrase folding) that put a description in plumbing whatever else it says. */
const PLUMBING_ANCHORS =
  /\b(?:toilets?|loo|commode|faucets?|taps?|drains?|pipes?|piping|sinks?|waterheater|sewer|sewage|showers?|tubs?|bathtubs?|plumbing|disposal|sump|hosebib|softener|tankless|backflow|waterhammer|shutoff|ptrap|cleanout|showerhead|icemaker|water\s+line|supply\s+line|main\s+line|cistern|flush\w*|spout|valve|watermeter|waterbill|hot\s+water|appliancesupply|wellpump|pressuretank|wellwater|greasetrap|expansiontank|prv|recircpump|ventstack|gas\s+(?:lines?|pipes?|piping|connectors?|hook\s*-?\s*ups?)|water\s+pressure|psi)\b/;

interface OffTopic {
  /** What the problem sounds like, for the explanation ("a car problem"). */
  label: string;
  /** Who to call instead. */
  referral: string;
  pattern: RegExp;
  /** Only when no water is involved: a cracked floor is the builder's, a damp one may be a leak. */
  unlessWater?: boolean;
}

const WATER_INVOLVED = /\b(?:water|wet|damp|leak\w*|drip\w*|flood\w*|puddle\w*|moist\w*|soggy|seep\w*)\b/;

const OFF_TOPICS: readonly OffTopic[] = [
  {
    label: 'a car problem',
    referral: 'an auto mechanic',
    pattern:
      /\b(?:car|cars|truck|vehicle|brakes?|braking|engine|tires?|tyres?|transmission|mechanic|oil\s+change|idle|exhaust\s+pipe|muffler)\b/,
  },
  {
    label: 'a roofing problem',
    referral: 'a roofing contractor',
    pattern: /\b(?:roof|roofs|roofing|shingles?|gutters?|skylights?|flashing|chimney)\b/,
  },
  {
    label: 'an electrical problem',
    referral: 'a licensed electrician',
    pattern:
      /\b(?:breakers?|circuits?|fuses?|wiring|electrician|outlets?|sockets?|light\s+switch\w*|lights?\s+flicker\w*|flicker\w*|power\s+outage|lightbulbs?|electrical)\b/,
  },
  {
    label: 'a heating or air-conditioning problem',
    referral: 'an HVAC technician',
    pattern:
      /\b(?:air\s+condition\w*|ac|a\/c|hvac|furnace|heat\s+pump|ducts?|ductwork|radiators?\s+cold|thermostat|blows?\s+(?:cold|warm|hot)\s+air|space\s+heaters?)\b/,
  },
  {
    label: 'a carpentry, glazing or outdoor problem',
    referral: 'a general contractor or handyman',
    pattern:
      /\b(?:fence|fences|deck|decking|windows?|glass|panes?|doors?\s+(?:sticks?|stuck|squeak\w*)|drywall\s+crack\w*|driveway|paving|siding|paint\w*)\b/,
  },
  {
    label: 'a structural or flooring problem',
    referral: 'a general contractor or a foundation specialist',
    pattern:
      /\b(?:floors?|concrete|foundation|slab|tiles?|walls?|ceiling|driveway)\b[^.!?]{0,30}\bcrack\w*|\bcrack\w*[^.!?]{0,30}\b(?:floors?|concrete|foundation|slab|tiles?|driveway)\b/,
    unlessWater: true,
  },
  {
    label: 'a pest problem',
    referral: 'a pest-control service',
    pattern:
      /\b(?:mice|mouse|rats?|termites?|ants|roach\w*|cockroach\w*|bed\s*bugs?|wasps?|hornets?|bees|nest|pests?|raccoons?|squirrels?|bats)\b/,
  },
  {
    label: 'an appliance or electronics problem',
    referral: 'the manufacturer or an appliance or electronics repair shop',
    pattern:
      /\b(?:phone|laptop|computer|wifi|wi-fi|internet|router|tv|television|microwave|oven|lawn\s*mower|mower|printer|refrigerator|fridge|freezer|garage\s+door|doorbell|smoke\s+(?:alarm|detector)s?|dryer\s+vents?|lint|burners?|igniters?\s+clicks?)\b|\b(?:dishwasher|washingmachine|dryer)\b[^.!?]{0,40}\b(?:beeps?|beeping|error|door|latch\w*|spin\w*|dirty|not\s+clean\w*|not\s+dry\w*)\b/,
  },
];

const INJECTION =
  /\b(?:tell|write|give)\s+(?:me\s+|us\s+)?(?:a\s+)?(?:joke|poem|story|song|riddle)s?\b|\b(?:ignore|disregard|forget|override)\b[^.!?\n]{0,30}\b(?:instructions?|prompts?|rules|guidelines)\b|\bsystem\s+prompt\b|\bdeveloper\s+mode\b|\byou\s+are\s+now\b|(?:^|\n)\s*(?:system|assistant)\s*:|\bjailbreak\w*\b|\bpretend\s+(?:to\s+be|you)\b|\bact\s+as\s+(?:a|an)\b/i;

export interface TopicAssessment {
  hasPlumbingAnchor: boolean;
  offTopic: { label: string; referral: string } | null;
  injection: boolean;
  /** The description without sentences that try to instruct the assistant. */
  cleanedText: string;
}

/** Whether a piece of text names something only plumbing has (a toilet, a drain, a water heater …). */
export const mentionsPlumbing = (text: string): boolean => PLUMBING_ANCHORS.test(normalizeText(text));

export function assessTopic(description: string): TopicAssessment {
  // One character per whitespace run: INJECTION's `\n\s*` was quadratic on a run of newlines.
  const compact = description.replace(/\s+/g, (run) => (run.includes('\n') ? '\n' : ' '));
  const injection = INJECTION.test(compact);
  const cleanedText = injection
    ? compact
        .split(/(?<=[.!?\n])\s+/)
        .filter((sentence) => !INJECTION.test(sentence))
        .join(' ')
    : compact;
  const text = normalizeText(cleanedText);
  const found = OFF_TOPICS.find(
    (topic) => topic.pattern.test(text) && !(topic.unlessWater && WATER_INVOLVED.test(text)),
  );
  return {
    hasPlumbingAnchor: PLUMBING_ANCHORS.test(text),
    offTopic: found ? { label: found.label, referral: found.referral } : null,
    injection,
    cleanedText,
  };
}
