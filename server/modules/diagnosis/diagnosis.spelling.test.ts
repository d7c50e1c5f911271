import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSpellingCorrector, isWithinOneEdit } from './diagnosis.spelling';

const speller = createSpellingCorrector();

describe('spelling correction', () => {
  it('measures one edit: an added, dropped or changed letter, or two neighbours swapped', () => {
    expect(isWithinOneEdit('faucet', 'faucet')).toBe(true);
    expect(isWithinOneEdit('watter', 'water')).toBe(true);
    expect(isWithinOneEdit('bathrom', 'bathroom')).toBe(true);
    expect(isWithinOneEdit('leeking', 'leaking')).toBe(true);
    expect(isWithinOneEdit('facuet', 'faucet')).toBe(true);
    expect(isWithinOneEdit('fuacet', 'faucet')).toBe(true);
    expect(isWithinOneEdit('faecut', 'faucet')).toBe(false);
    expect(isWithinOneEdit('faucit', 'faucet')).toBe(true);
    expect(isWithinOneEdit('toilt', 'toilet')).toBe(true);
    expect(isWithinOneEdit('tlet', 'toilet')).toBe(false);
  });

  it.each([
    ['watter', 'water'],
    ['heatter', 'heater'],
    ['shwoer', 'shower'],
    ['kichen', 'kitchen'],
    ['basment', 'basement'],
    ['presure', 'pressure'],
    ['sewge', 'sewage'],
    ['greese', 'grease'],
  ])('corrects %s to %s', (misspelt, word) => {
    expect(speller.correctWord(misspelt)).toBe(word);
  });

  it.each([
    'later', // not "water"
    'flash', // not "flush"
    'stack', // "vent stack" stays a stack
    'leading',
    'value',
    'heard',
    'toilet',
    'drains', // a form of a known word
    'fauc', // too short to guess
    'qwertyuiop', // nothing near it
  ])('leaves %s alone', (word) => {
    expect(speller.correctWord(word)).toBe(word);
  });

  it('leaves a word longer than any it knows alone', () => {
    const word = `w${'a'.repeat(4999)}`;
    expect(speller.correctWord(word)).toBe(word);
  });

  it('needs the first letter to match', () => {
    expect(speller.correctWord('aucet')).toBe('aucet');
  });

  it('corrects words in place and keeps everything else', () => {
    expect(speller.correct('My Watter-Heatter is LEEKING, 2 days now!')).toBe(
      'my water-heater is leaking, 2 days now!',
    );
  });

  // The everyday-word guard is derived from SCOWL's common English words (fixtures/common-english-words.txt,
  // see its NOTICE): this lists any word a knowledge-base change would now "correct".
  it('leaves every common English word alone', () => {
    const words = readFileSync(new URL('./fixtures/common-english-words.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((word) => /^[a-z]{5,}$/.test(word));
    expect(words.length).toBeGreaterThan(9000);
    expect(words.filter((word) => speller.correctWord(word) !== word)).toEqual([]);
  });
});
