import { describe, expect, it } from 'vitest';
import { createOfflineEngine } from './diagnosis.offline-engine';
import { processTerm, queryTerms } from './diagnosis.text';

const PROTOTYPE_WORDS = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'isPrototypeOf',
];

describe('diagnosis text processing', () => {
  // The synonym table is a plain object: 'constructor' used to find Object.prototype.constructor
  // and a description containing it answered 500.
  it('treats the names of Object.prototype members as ordinary words', () => {
    expect(processTerm('constructor')).toEqual(['constructor']);
    expect(() => queryTerms(PROTOTYPE_WORDS.join(' '))).not.toThrow();
  });

  it('diagnoses a description made of them', async () => {
    const result = await createOfflineEngine().diagnose({
      description: PROTOTYPE_WORDS.join(' '),
      location: 'kitchen',
      urgency: 'routine',
      images: [],
      issues: [],
    });
    expect(result.engine).toBe('offline');
  });
});
