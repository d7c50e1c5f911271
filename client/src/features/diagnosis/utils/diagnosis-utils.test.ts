import { describe, expect, it } from 'vitest';
import { LOCATION_LABELS, QUICK_FILLS, URGENCY_LABELS, WIZARD_STEPS, severityLabel } from '../copy';
import { MAX_PHOTO_EDGE_PX, fitWithin } from './downscale-image';

describe('severityLabel (docs/product.md §2)', () => {
  it('maps the four severities, and anything else to Low', () => {
    expect(severityLabel('critical')).toBe('Critical');
    expect(severityLabel('high')).toBe('High Priority');
    expect(severityLabel('medium')).toBe('Medium');
    expect(severityLabel('low')).toBe('Low');
    expect(severityLabel('unheard-of')).toBe('Low');
  });
});

describe('wizard copy (docs/product.md §2)', () => {
  it('has the three step titles, six quick fills and the select labels', () => {
    expect(WIZARD_STEPS).toEqual(['Describe Issue', 'Upload Photos', 'Additional Details']);
    expect(QUICK_FILLS).toHaveLength(6);
    // Every quick fill is itself a valid description (≥ 10 characters).
    for (const text of QUICK_FILLS) expect(text.length).toBeGreaterThanOrEqual(10);
    expect(Object.values(LOCATION_LABELS)).toEqual(['Kitchen', 'Bathroom', 'Basement', 'Outdoor', 'Other']);
    expect(URGENCY_LABELS.routine.hint).toBe('Can wait a few days');
    expect(URGENCY_LABELS.urgent.hint).toBe('Need help today');
    expect(URGENCY_LABELS.emergency.hint).toBe('Immediate attention');
  });
});

describe('fitWithin', () => {
  it('shrinks a 12-megapixel photo to 1568 px on its long edge, keeping the aspect ratio', () => {
    expect(MAX_PHOTO_EDGE_PX).toBe(1568);
    expect(fitWithin(4000, 3000)).toEqual({ width: 1568, height: 1176 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1176, height: 1568 });
  });

  it('never enlarges a small photo and never returns a zero side', () => {
    expect(fitWithin(320, 240)).toEqual({ width: 320, height: 240 });
    expect(fitWithin(1568, 1568)).toEqual({ width: 1568, height: 1568 });
    expect(fitWithin(10000, 2)).toEqual({ width: 1568, height: 1 });
  });
});
