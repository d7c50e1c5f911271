import { describe, expect, it } from 'vitest';
import { LOCATION_LABELS, QUICK_FILLS, URGENCY_LABELS, WIZARD_STEPS, severityLabel } from '../copy';

describe('severityLabel (docs/product.md#screens-and-routes)', () => {
  it('maps the four severities, and anything else to Low', () => {
    expect(severityLabel('critical')).toBe('Critical');
    expect(severityLabel('high')).toBe('High Priority');
    expect(severityLabel('medium')).toBe('Medium');
    expect(severityLabel('low')).toBe('Low');
    expect(severityLabel('unheard-of')).toBe('Low');
  });
});

describe('wizard copy (docs/product.md#screens-and-routes)', () => {
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
