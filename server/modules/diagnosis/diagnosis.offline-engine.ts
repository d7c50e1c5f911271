import MiniSearch, { type SearchResult } from 'minisearch';
import type { DiagnosisLocation } from '@shared/constants';
import { KNOWLEDGE_BASE, type KnowledgeEntry } from './diagnosis.knowledge-base';
import type {
  CatalogIssue,
  Confidence,
  DiagnosisEngine,
  EngineInput,
  EngineResult,
} from './diagnosis.engine';
import {
  adjustSeverity,
  applySafety,
  evaluateSafety,
  severityRank,
  type SafetyMatch,
} from './diagnosis.safety';
import { createSpellingCorrector } from './diagnosis.spelling';
import { processTerm, tokenize } from './diagnosis.text';
import { assessTopic, mentionsPlumbing, type TopicAssessment } from './diagnosis.topic';

/**
 * The offline engine: misspelt words corrected against the knowledge base's vocabulary, the
 * knowledge base ranked with MiniSearch (BM25 with our stemming, stop words and synonyms), the
 * location as a small boost, then the safety rules and the homeowner's urgency. When the runner-up
 * is close, the answer names it too. No network, no randomness: the same input gives the same
 * answer. Everything it needs (index, vocabulary) is built when it is created, never on first use.
 */

/** Below this best score a description is not recognisably a plumbing problem. */
export const MIN_PLUMBING_SCORE = 4;
/**
 * Without a plumbing word (toilet, pipe, drain, …) the evidence must be stronger: this score and
 * at least two matching terms, so "the dog keeps barking all night" does not match on "night".
 */
export const MIN_SCORE_WITHOUT_ANCHOR = 20;
const MIN_TERMS_WITHOUT_ANCHOR = 2;
/** Terms too common in everyday speech to count as evidence on their own (stemmed). */
const WEAK_TERMS = new Set([
  'not',
  'no',
  'stop',
  'start',
  'work',
  'new',
  'old',
  'time',
  'com',
  'go',
  'turn',
  'mak',
  'run',
]);
/** The location the homeowner picked multiplies matching issues' scores by this. */
const LOCATION_BOOST = 1.1;
/** A runner-up scoring at least this share of the best is named as a second choice ("could also be"). */
export const SECOND_CHOICE_RATIO = 0.75;
/**
 * Where a description moves on to another problem: a new sentence, or "… and also …", "… but …",
 * "…, and the …". Each part is ranked on its own to find the problems a description names.
 */
const CLAUSE_BREAK =
  /[.!?;\n]+|,?\s+(?:and\s+also|but\s+also|but|also|plus|as\s+well\s+as)\s+|,?\s+and\s+(?=(?:the|my|our|there|theres|a|an)\s)/;
/** A problem found in one part must also hold this share of the best score over the whole text. */
const OTHER_PROBLEM_RATIO = 0.5;
/** Parts ranked on their own, at most: a 5,000-character ramble must not cost a search per sentence. */
const MAX_PARTS = 8;

export interface RankedIssue {
  slug: string;
  score: number;
  /** Index terms that matched this issue. */
  terms: string[];
  /** How many distinct, meaningful query terms matched (everyday words like "not" or "stop" excluded). */
  matchedQueryTerms: number;
}

interface IndexedEntry {
  id: string;
  title: string;
  terms: string;
}

export function createKnowledgeIndex(entries: readonly KnowledgeEntry[] = KNOWLEDGE_BASE) {
  const index = new MiniSearch<IndexedEntry>({
    fields: ['title', 'terms'],
    storeFields: [],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => processTerm(term),
    searchOptions: {
      boost: { title: 1.5 },
      combineWith: 'OR',
      // Spelling is corrected before the search (diagnosis.spelling.ts), with swaps MiniSearch's
      // fuzzy search does not see and a guard for real words; the index matches exact terms.
      fuzzy: false,
      bm25: { k: 1.2, b: 0.5, d: 0.5 },
    },
  });
  index.addAll(entries.map((entry) => ({ id: entry.slug, title: entry.title, terms: entry.terms })));
  const locationsBySlug = new Map(entries.map((entry) => [entry.slug, entry.locations]));

  return {
    /** Issues ranked for a description, best first; `allowed` limits them to the active catalogue. */
    rank(
      text: string,
      options: { location?: DiagnosisLocation; allowed?: ReadonlySet<string> } = {},
    ): RankedIssue[] {
      const results: SearchResult[] = index.search(text, {
        filter: options.allowed ? (result) => options.allowed!.has(String(result.id)) : undefined,
      });
      return results
        .map((result) => {
          const boosted =
            options.location && locationsBySlug.get(String(result.id))?.includes(options.location);
          return {
            slug: String(result.id),
            score: result.score * (boosted ? LOCATION_BOOST : 1),
            terms: result.terms,
            matchedQueryTerms: result.queryTerms.filter((term) => !WEAK_TERMS.has(term)).length,
          };
        })
        .sort((a, b) => b.score - a.score || a.slug.localeCompare(b.slug));
    },
  };
}

export type KnowledgeIndex = ReturnType<typeof createKnowledgeIndex>;

/** From the margin between the best and the runner-up score. */
export function confidenceFrom(ranked: readonly RankedIssue[]): Confidence {
  const [best, second] = ranked;
  if (!best) return 'low';
  const ratio = second ? second.score / best.score : 0;
  if (best.score >= MIN_PLUMBING_SCORE * 2.5 && ratio <= 0.6) return 'high';
  if (ratio <= 0.85) return 'medium';
  return 'low';
}

/** The homeowner's own words that matched, for "Analysis based on". */
function matchedWords(text: string, terms: readonly string[]): string[] {
  const wanted = new Set(terms);
  const words: string[] = [];
  for (const word of tokenize(text)) {
    if ((processTerm(word) ?? []).some((t) => wanted.has(t)) && !words.includes(word)) words.push(word);
  }
  return words.slice(0, 8);
}

const photoNote = (count: number) =>
  count === 0
    ? 'No photos were provided.'
    : `${count} photo${count === 1 ? ' was' : 's were'} saved with your request for the plumber; this offline assessment reads your description only.`;

const joinCauses = (causes: readonly string[]) => causes.join('; ');
const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

function notPlumbing(input: EngineInput, topic: TopicAssessment, confidence: Confidence): EngineResult {
  const explanation = topic.injection
    ? 'Your message reads like instructions for the assistant rather than a description of a plumbing problem, so we did not act on it. If something in your home needs a plumber, describe what you see, where it is and since when.'
    : topic.offTopic
      ? `Thanks for the details. This sounds like ${topic.offTopic.label} rather than a plumbing one, so a plumber is probably not the right person for it — we would rather tell you now than send someone you do not need.`
      : 'We could not match this to a plumbing problem. If it involves water, drains, pipes, a toilet, a faucet or the water heater, add a few details (what you see or hear, where, since when) and try again.';
  const recommendedAction = topic.offTopic
    ? `Contact ${topic.offTopic.referral}. If water, a drain or a fixture is involved after all, describe that part and we will take another look.`
    : 'Describe the plumbing symptom you are seeing (a leak, a clog, no hot water, a running toilet …) and run the diagnosis again, or book a general plumbing visit if you are unsure.';
  return {
    engine: 'offline',
    isPlumbingRelated: false,
    issueSlug: null,
    issue: 'No plumbing issue identified',
    severity: 'low',
    recommendedAction,
    explanation,
    conclusionBasis: `Your description and the location you chose (${input.location}). ${photoNote(input.images.length)}`,
    confidence,
    safety: null,
  };
}

export function isEnoughEvidence(best: RankedIssue | undefined, topic: TopicAssessment): best is RankedIssue {
  if (!best || best.score < MIN_PLUMBING_SCORE) return false;
  if (topic.hasPlumbingAnchor) return true;
  return best.score >= MIN_SCORE_WITHOUT_ANCHOR && best.matchedQueryTerms >= MIN_TERMS_WITHOUT_ANCHOR;
}

export interface OfflineEngineOptions {
  entries?: readonly KnowledgeEntry[];
}

/** A description as the engine reads it: spelling corrected, instructions to the assistant removed. */
interface ReadDescription {
  topic: TopicAssessment;
  safety: SafetyMatch[];
  ranked: RankedIssue[];
  /** Other problems the description names in parts of its own (best first), besides the top-ranked one. */
  others: RankedIssue[];
}

export function createOfflineEngine(options: OfflineEngineOptions = {}): DiagnosisEngine & {
  /** The ranked knowledge-base issues for a description, as the engine reads it (for benchmarks and tests). */
  rank(
    description: string,
    options?: { location?: DiagnosisLocation; issues?: readonly CatalogIssue[] },
  ): RankedIssue[];
} {
  const entries = options.entries ?? KNOWLEDGE_BASE;
  const bySlug = new Map(entries.map((entry) => [entry.slug, entry]));
  const index = createKnowledgeIndex(entries);
  const speller = createSpellingCorrector(entries);
  const allSlugs = (issues: readonly CatalogIssue[]) =>
    new Set(issues.length > 0 ? issues.map((issue) => issue.issueSlug) : entries.map((entry) => entry.slug));

  function read(
    description: string,
    location: DiagnosisLocation | undefined,
    allowed: ReadonlySet<string>,
  ): ReadDescription {
    const topic = assessTopic(speller.correct(description));
    const ranked = index.rank(topic.cleanedText, { location, allowed });
    return {
      topic,
      safety: evaluateSafety(topic.cleanedText),
      ranked,
      others: otherProblems(topic.cleanedText, ranked, location, allowed),
    };
  }

  /** The best issue of each part of the text that names a problem of its own (not the top-ranked one). */
  function otherProblems(
    text: string,
    ranked: readonly RankedIssue[],
    location: DiagnosisLocation | undefined,
    allowed: ReadonlySet<string>,
  ): RankedIssue[] {
    const clauses = text
      .split(CLAUSE_BREAK)
      .filter((clause) => clause.trim().length > 0)
      .slice(0, MAX_PARTS);
    const best = ranked[0];
    if (clauses.length < 2 || !best) return [];
    const others: RankedIssue[] = [];
    for (const clause of clauses) {
      const winner = index.rank(clause, { location, allowed })[0];
      const anchored = {
        hasPlumbingAnchor: mentionsPlumbing(clause),
        offTopic: null,
        injection: false,
        cleanedText: clause,
      };
      if (!winner || winner.slug === best.slug || !isEnoughEvidence(winner, anchored)) continue;
      const overall = ranked.find((issue) => issue.slug === winner.slug);
      if (overall && overall.score >= best.score * OTHER_PROBLEM_RATIO && !others.includes(overall))
        others.push(overall);
    }
    return others.sort((a, b) => b.score - a.score);
  }

  const severityOf = (issue: RankedIssue) => severityRank(bySlug.get(issue.slug)!.severity);

  /**
   * The issue to answer with: the best-ranked one, unless the description names another problem
   * that is more urgent — that one is booked first, the other is named beside it.
   */
  function firstProblem({ ranked, others }: ReadDescription): RankedIssue | undefined {
    const best = ranked[0];
    if (!best) return undefined;
    const moreUrgent = others
      .filter((issue) => severityOf(issue) > severityOf(best))
      .sort((a, b) => severityOf(b) - severityOf(a) || b.score - a.score)[0];
    return moreUrgent ?? best;
  }

  /**
   * The runner-up worth naming beside the answer: close to the best score and itself enough
   * evidence. Not beside a danger notice (gas, electrics, a burst pipe): that notice is the message.
   */
  function secondChoice(
    { topic, ranked, others }: ReadDescription,
    chosenSlug: string | null,
    notice: SafetyMatch['notice'] | null,
  ): KnowledgeEntry | undefined {
    const best = ranked[0];
    if (!best || !chosenSlug || notice?.level === 'danger') return undefined;
    // Another problem the homeowner named (or the best-ranked issue, when a more urgent one or a
    // safety rule took first place) comes before a merely close runner-up.
    if (others.length > 0 || best.slug !== chosenSlug) {
      const named = [best, ...others].find((issue) => issue.slug !== chosenSlug);
      if (named) return bySlug.get(named.slug);
    }
    const runnerUp = ranked.find((issue) => issue.slug !== chosenSlug);
    if (!runnerUp || runnerUp.score < best.score * SECOND_CHOICE_RATIO) return undefined;
    return isEnoughEvidence(runnerUp, topic) ? bySlug.get(runnerUp.slug) : undefined;
  }

  function diagnoseSync(input: EngineInput): EngineResult {
    const allowed = allSlugs(input.issues);
    const reading = read(input.description, input.location, allowed);
    const { topic, safety, ranked } = reading;
    const best = ranked[0];

    if (safety.length === 0) {
      if (topic.offTopic && !topic.hasPlumbingAnchor) return notPlumbing(input, topic, 'high');
      if (topic.injection && !topic.hasPlumbingAnchor) return notPlumbing(input, topic, 'high');
      if (!isEnoughEvidence(best, topic)) return notPlumbing(input, topic, best ? 'medium' : 'high');
    }

    const chosen = isEnoughEvidence(best, topic) ? firstProblem(reading) : undefined;
    const baseSeverity = chosen ? bySlug.get(chosen.slug)!.severity : 'medium';
    const outcome = applySafety(
      safety,
      {
        issueSlug: chosen?.slug ?? null,
        severity: adjustSeverity(baseSeverity, topic.cleanedText, input.urgency),
      },
      allowed,
    );
    const entry = outcome.issueSlug ? bySlug.get(outcome.issueSlug) : undefined;
    const ruled = outcome.issueSlug !== (chosen?.slug ?? null);
    const words = chosen ? matchedWords(topic.cleanedText, chosen.terms) : [];
    const title = entry?.title ?? 'Plumbing problem';
    const alternative = secondChoice(reading, outcome.issueSlug, outcome.notice);

    const explanation = [
      entry
        ? `From your description, this looks like ${lowerFirst(title)}: ${entry.summary}. Common causes: ${joinCauses(entry.causes)}.`
        : 'Your description points to a plumbing problem that needs a plumber to look at it in person.',
      alternative
        ? `It could also be ${lowerFirst(alternative.title)}: ${alternative.summary}; the plumber confirms which on site.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    const basis = [
      words.length > 0 ? `Your description (key words: ${words.join(', ')})` : 'Your description',
      `the location you chose (${input.location}) and your urgency (${input.urgency})`,
    ].join(', ');
    const safetyBasis = outcome.rules.length > 0 ? ` Safety rules applied: ${outcome.rules.join(', ')}.` : '';

    return {
      engine: 'offline',
      isPlumbingRelated: true,
      issueSlug: outcome.issueSlug,
      issue: title,
      severity: outcome.severity,
      recommendedAction: entry?.action ?? 'Book a plumber to inspect the problem.',
      explanation,
      conclusionBasis: `${basis}. ${photoNote(input.images.length)}${safetyBasis}`,
      confidence: ruled || outcome.rules.includes('gas') ? 'high' : confidenceFrom(ranked),
      safety: outcome.notice,
      alternative: alternative ? { issueSlug: alternative.slug, issue: alternative.title } : null,
    };
  }

  // One answer now (spelling, several parts, a second choice), so the first homeowner's request
  // finds the code paths warm as well as built.
  diagnoseSync({
    description: 'the kichen sink is clogged and gurgles. Also the faucet drips',
    location: 'kitchen',
    urgency: 'routine',
    images: [],
    issues: [],
  });

  return {
    name: 'offline',
    rank: (description, rankOptions = {}) =>
      read(description, rankOptions.location, allSlugs(rankOptions.issues ?? [])).ranked,
    diagnose: async (input) => diagnoseSync(input),
  };
}
