import { z } from 'zod';
import { DIAGNOSIS_LOCATIONS, URGENCIES } from '@shared/constants';
import type { SafetyNotice } from '@shared/contracts/diagnosis';
import { NOT_PLUMBING_SLUG } from './diagnosis.engine';
import type { createOfflineEngine } from './diagnosis.offline-engine';
import { SAFETY_NOTICES, type SafetyRuleId } from './diagnosis.safety';

/**
 * How well the offline engine reads homeowners: the labelled phrasings of `fixtures/` (a tuning part
 * and a held-out report part) and the figures the benchmark prints and the offline-engine test
 * holds to floors. One definition of each figure, for both.
 */

/** Most serious first, as the engine shows them: a more serious notice covers a lesser hazard. */
const SAFETY_ORDER: readonly SafetyRuleId[] = ['gas', 'electrics', 'burst', 'sewage', 'freeze'];

export const labelledPhrasingSchema = z.strictObject({
  text: z.string().min(1),
  location: z.enum(DIAGNOSIS_LOCATIONS),
  urgency: z.enum(URGENCIES),
  /** The catalogue slug a plumber would book, or 'not-plumbing'. */
  expected: z.string().min(1),
  /** The voice: plain, short, misspelled, rambling, non-native, multi-problem, colloquial, … */
  kind: z.string().min(1),
  /** The hazard the homeowner must be warned about at once, if any. */
  safety: z.enum(SAFETY_ORDER).optional(),
  /** The other problems of a description that names several (the expected one is the most urgent). */
  also: z.array(z.string()).optional(),
});
export type LabelledPhrasing = z.infer<typeof labelledPhrasingSchema>;

export const phrasingFixtureSchema = z.object({
  description: z.string(),
  phrasings: z.array(labelledPhrasingSchema),
});

export interface PhrasingOutcome {
  phrasing: LabelledPhrasing;
  /** The answer: a catalogue slug or 'not-plumbing'. */
  got: string;
  /** The answer and the next distinct candidate (the named second choice, else the runner-up). */
  topTwo: string[];
  /** The hazard whose notice was shown, if any. */
  safetyShown: SafetyRuleId | null;
  /** Milliseconds the engine took (the benchmark prints them; tests never read them). */
  ms: number;
}

const ruleOf = (notice: SafetyNotice | null): SafetyRuleId | null =>
  SAFETY_ORDER.find((rule) => notice && SAFETY_NOTICES[rule].title === notice.title) ?? null;

export async function runPhrasings(
  engine: ReturnType<typeof createOfflineEngine>,
  phrasings: readonly LabelledPhrasing[],
): Promise<PhrasingOutcome[]> {
  const outcomes: PhrasingOutcome[] = [];
  for (const phrasing of phrasings) {
    const input = {
      description: phrasing.text,
      location: phrasing.location,
      urgency: phrasing.urgency,
      images: [],
      issues: [],
    };
    const started = performance.now();
    const result = await engine.diagnose(input);
    const ms = performance.now() - started;
    const got = result.isPlumbingRelated ? (result.issueSlug ?? 'emergency-repair') : NOT_PLUMBING_SLUG;
    const candidates = result.isPlumbingRelated
      ? [got, result.alternative?.issueSlug, ...engine.rank(phrasing.text, input).map((issue) => issue.slug)]
      : [got];
    const topTwo = [...new Set(candidates.filter((slug): slug is string => Boolean(slug)))].slice(0, 2);
    outcomes.push({ phrasing, got, topTwo, safetyShown: ruleOf(result.safety), ms });
  }
  return outcomes;
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

export interface EvaluationFigures {
  count: number;
  top1: number;
  top2: number;
  safety: { count: number; recall: number };
  notPlumbing: {
    count: number;
    recall: number;
    precision: number;
    /** Plumbing descriptions answered "not plumbing", as a share of all plumbing descriptions. */
    falseAlarmRate: number;
  };
}

export function figuresOf(outcomes: readonly PhrasingOutcome[]): EvaluationFigures {
  const isNotPlumbing = (outcome: PhrasingOutcome) => outcome.phrasing.expected === NOT_PLUMBING_SLUG;
  const saidNotPlumbing = outcomes.filter((outcome) => outcome.got === NOT_PLUMBING_SLUG);
  const unrelated = outcomes.filter(isNotPlumbing);
  const plumbing = outcomes.filter((outcome) => !isNotPlumbing(outcome));
  const hazards = outcomes.filter((outcome) => outcome.phrasing.safety);
  const warned = hazards.filter(
    ({ phrasing, safetyShown }) =>
      safetyShown !== null && SAFETY_ORDER.indexOf(safetyShown) <= SAFETY_ORDER.indexOf(phrasing.safety!),
  );
  return {
    count: outcomes.length,
    top1: share(outcomes.filter((o) => o.got === o.phrasing.expected).length, outcomes.length),
    top2: share(outcomes.filter((o) => o.topTwo.includes(o.phrasing.expected)).length, outcomes.length),
    safety: { count: hazards.length, recall: share(warned.length, hazards.length) },
    notPlumbing: {
      count: unrelated.length,
      recall: share(unrelated.filter((o) => o.got === NOT_PLUMBING_SLUG).length, unrelated.length),
      precision: share(saidNotPlumbing.filter(isNotPlumbing).length, saidNotPlumbing.length),
      falseAlarmRate: 1 - share(plumbing.filter((o) => o.got !== NOT_PLUMBING_SLUG).length, plumbing.length),
    },
  };
}

/** A miss, for reading: what was expected, what came back, and the words. */
export const describeMiss = ({ phrasing, got, topTwo }: PhrasingOutcome) =>
  `expected ${phrasing.expected}, got ${got}${topTwo[1] ? ` (then ${topTwo[1]})` : ''} [${phrasing.kind}]: "${phrasing.text}"`;
