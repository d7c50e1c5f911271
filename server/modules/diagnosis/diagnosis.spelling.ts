import { KNOWLEDGE_BASE, type KnowledgeEntry } from './diagnosis.knowledge-base';
import { STOP_WORDS, stem } from './diagnosis.text';

/**
 * Spelling tolerance for everyday words: a word of five letters or more that the knowledge base
 * does not know is replaced by the one knowledge-base word within one edit of it (Damerau-
 * Levenshtein: one letter added, dropped, changed, or two neighbours swapped), so "faucit",
 * "watter" and "shwoer" read as faucet, water and shower — before phrases fold and the safety rules
 * read the text. The vocabulary and its deletion index are built once, when the engine is created.
 *
 * What keeps it from "correcting" real words: a word the knowledge base knows (or whose stem it
 * knows), a stop word, or an everyday English word one edit from a plumbing word ("later" is not
 * "water", "flash" is not "flush") is left alone; the first letter must match (people rarely get it
 * wrong); and a word with two equally likely corrections is left alone.
 */

export const MIN_CORRECTED_LENGTH = 5;
const MIN_VOCABULARY_LENGTH = MIN_CORRECTED_LENGTH - 1;

/**
 * Everyday English words one edit away from a knowledge-base word, with the same first letter:
 * words in their own right, never misspellings. They are the common words (SCOWL sizes 10 and 20,
 * Debian's `scowl` package) that the corrector would otherwise change; `diagnosis.spelling.test.ts`
 * lists any that a change to the knowledge base adds.
 */
const EVERYDAY_WORDS: ReadonlySet<string> = new Set(
  (
    'aiding alter assemble banning basic basis batch blank blown boats boots bread broke brought ' +
    'burying chair change cheek chopped chose chuck clipped clocks clone coast collapse copes coping ' +
    'daring dashes degree diverted doses double drawn drown exiting explode explored extent falling ' +
    'falls filming films fined fines firms fleet flesh flour flown frame freeing fries fringe given ' +
    'glowing groan handler hating header heard heart hearts holes hopes horse horses hosts ' +
    'irritation joins latter leading leads leaning leans liking linking litter liver living lover ' +
    'males marker matter menus minds mines mining minute moaning modes movie movies muddle multiply ' +
    'neatly newer noses piles pitch plane polls possibly prevented price pride prize quiet quite ' +
    'racks raises recipe relied relies rends require resent resign rested rides risen roads robot ' +
    'robots ruining ruins rushed sacked scare score scored seeking seeming sells senior shade shaken ' +
    'shall shame shape share shell shells shirt shone shopped shopping shops shots shout shouting ' +
    'shouts shove shown sings sleeping slide slope slots slower smelly sniff sometime spell spells ' +
    'spike stack staff stale stall stars steal stepped stepping steps stick stirs stock stole stone ' +
    'strain straw strip struck stuff suits swamp sweat sweeping taken taker takers tales tasting ' +
    'taxes thorough though throughput thumb tiger title unite value values walks whale width wines ' +
    'winner wishing witch wives wording write writing'
  ).split(' '),
);

/** Optimal-string-alignment distance, stopping early once it exceeds 1 (all we ever ask). */
export function isWithinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (Math.abs(lengthGap) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (lengthGap === 0) {
    // One substitution, or one swap of neighbours.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One insertion or deletion.
  return lengthGap > 0 ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const deletionsOf = (word: string) => {
  const variants = new Set<string>();
  for (let i = 0; i < word.length; i++) variants.add(word.slice(0, i) + word.slice(i + 1));
  return variants;
};

const WORD = /[a-z]+/g;
const INFLECTION = /(?:s|ed|ing|ly|er|y)$/;

/** How often each word occurs in the given texts. */
function wordCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().match(WORD) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

export function createSpellingCorrector(entries: readonly KnowledgeEntry[] = KNOWLEDGE_BASE) {
  // Corrections lead only to the words homeowners use (titles and terms, the indexed text); the
  // explanations' prose counts as known words, never as targets.
  const frequency = wordCounts(entries.flatMap((entry) => [entry.title, entry.terms]));
  const prose = wordCounts(entries.flatMap((entry) => [entry.summary, ...entry.causes, entry.action]));
  const knownStems = new Set([...frequency.keys(), ...prose.keys()].map(stem));
  /** Each vocabulary word and each of its one-letter deletions → the vocabulary words it comes from. */
  const byDeletion = new Map<string, string[]>();
  const index = (key: string, word: string) => {
    const words = byDeletion.get(key);
    if (!words) byDeletion.set(key, [word]);
    else if (!words.includes(word)) words.push(word);
  };
  let longest = 0;
  for (const word of frequency.keys()) {
    if (word.length < MIN_VOCABULARY_LENGTH) continue;
    longest = Math.max(longest, word.length);
    index(word, word);
    for (const variant of deletionsOf(word)) index(variant, word);
  }

  // The stem of a known word ("click" of "clicks") and an inflected form of one ("drains",
  // "leaking") are known too; a misspelling that merely stems to one ("toilett" → toilet) is not:
  // the anchors, phrases and safety rules read the word itself.
  const isKnown = (word: string) =>
    frequency.has(word) ||
    prose.has(word) ||
    STOP_WORDS.has(word) ||
    EVERYDAY_WORDS.has(word) ||
    knownStems.has(word) ||
    (INFLECTION.test(word) && knownStems.has(stem(word)));

  /** The knowledge-base word a misspelt word stands for, or the word itself. */
  function correctWord(word: string): string {
    // Longer than any vocabulary word plus one, it cannot be one edit away (and a 5,000-letter
    // "word" would cost thousands of deletions).
    if (word.length < MIN_CORRECTED_LENGTH || word.length > longest + 1 || isKnown(word)) return word;
    const candidates = new Set<string>();
    for (const key of [word, ...deletionsOf(word)]) {
      for (const candidate of byDeletion.get(key) ?? []) {
        if (candidate[0] === word[0] && isWithinOneEdit(word, candidate)) candidates.add(candidate);
      }
    }
    const ranked = [...candidates].sort((a, b) => frequency.get(b)! - frequency.get(a)! || (a < b ? -1 : 1));
    if (ranked.length === 0) return word;
    if (ranked.length > 1 && frequency.get(ranked[0]) === frequency.get(ranked[1])) return word;
    return ranked[0];
  }

  return {
    correctWord,
    /** The text, lower-cased, with each misspelt word replaced (everything else kept as it was). */
    correct(text: string): string {
      return text.toLowerCase().replace(WORD, correctWord);
    },
  };
}

export type SpellingCorrector = ReturnType<typeof createSpellingCorrector>;
