import { describe, expect, it } from 'vitest';
import { costBreakdownSchema, estimateResponseSchema } from '@shared/contracts/pricing';
import { MODIFIERS } from '../../db/seed/modifiers';
import { CATALOG_ITEMS } from '../../db/seed/catalog';
import {
  computeEstimate,
  formatRange,
  LABOR_SHARE_BY_CATEGORY,
  roundPrice,
  type PricingModifier,
  type PricingRegion,
} from './pricing.engine';

const NATIONAL: PricingRegion = {
  code: 'US',
  name: 'United States',
  laborIndex: 1,
  materialIndex: 1,
  currency: 'USD',
};
const NYC: PricingRegion = {
  code: 'NYC',
  name: 'New York City',
  laborIndex: 1.48,
  materialIndex: 1.12,
  currency: 'USD',
};
const MODIFIER_MAP = new Map<string, PricingModifier>(
  MODIFIERS.map((m) => [m.key, { key: m.key, name: m.name!, type: m.type, values: m.valuesJson }]),
);
const leakyFaucet = {
  issueSlug: 'leaky-faucet',
  issueName: 'Leaky Faucet Repair',
  category: 'Fixtures',
  unit: 'job',
  baseMin: 100,
  baseMax: 300,
};

describe('pricing engine', () => {
  it('rounds to the nearest $5 and never below $5', () => {
    expect(roundPrice(167)).toBe(165);
    expect(roundPrice(167.5)).toBe(170);
    expect(roundPrice(501)).toBe(500);
    expect(roundPrice(437.5)).toBe(440);
    expect(roundPrice(1)).toBe(5);
  });

  it('formats ranges like the product, with thousands separators and non-job units', () => {
    expect(formatRange(180, 320)).toBe('$180 - $320');
    expect(formatRange(1300, 3500)).toBe('$1,300 - $3,500');
    expect(formatRange(95, 185, 'hour')).toBe('$95 - $185 per hour');
    expect(formatRange(60, 250, 'linear_ft')).toBe('$60 - $250 per linear ft');
  });

  it('has a labour share for every seeded catalogue category', () => {
    for (const item of CATALOG_ITEMS)
      expect(LABOR_SHARE_BY_CATEGORY[item.category], item.category).toBeDefined();
  });

  it('leaves the national base range unchanged for routine work', () => {
    const result = computeEstimate({
      item: leakyFaucet,
      region: NATIONAL,
      regionSource: 'default',
      urgency: 'routine',
      modifiers: MODIFIER_MAP,
    });
    expect(result.estimatedCost).toBe('$100 - $300');
    expect(result.costBreakdown.regionalMultiplier).toBe(1);
    expect(result.costBreakdown.modifiers).toEqual([
      { key: 'urgency', name: 'Urgency (routine)', type: 'multiplier', value: 1 },
    ]);
    expect(estimateResponseSchema.parse(result)).toEqual(result);
  });

  it('blends labour and material indices by the category share, then applies urgency', () => {
    // Fixtures: 60% labour. 0.6 × 1.48 + 0.4 × 1.12 = 1.336; × 1.25 urgent.
    const result = computeEstimate({
      item: leakyFaucet,
      region: NYC,
      regionSource: 'zip',
      zip: '10001',
      urgency: 'urgent',
      modifiers: MODIFIER_MAP,
    });
    expect(result.costBreakdown.laborShare).toBe(0.6);
    expect(result.costBreakdown.regionalMultiplier).toBe(1.336);
    // 100 × 1.336 × 1.25 = 167 → 165; 300 × 1.336 × 1.25 = 501 → 500.
    expect(result.costBreakdown.total).toEqual({ min: 165, max: 500 });
    expect(result.estimatedCost).toBe('$165 - $500');
    expect(result.costBreakdown.region).toEqual({
      code: 'NYC',
      name: 'New York City',
      laborIndex: 1.48,
      materialIndex: 1.12,
      source: 'zip',
      zip: '10001',
    });
    expect(result.costBreakdown.formula).toBe(
      'base $100 - $300 × regional 1.336 (NYC: 60% labour × 1.480 + 40% materials × 1.120) × urgency (urgent) 1.25 = $165 - $500 (rounded to the nearest $5)',
    );
  });

  it('applies the emergency multiplier', () => {
    const gas = {
      issueSlug: 'gas-line-leak',
      issueName: 'Gas Line Leak Repair',
      category: 'Gas',
      unit: 'job',
      baseMin: 250,
      baseMax: 1000,
    };
    const result = computeEstimate({
      item: gas,
      region: NATIONAL,
      regionSource: 'default',
      urgency: 'emergency',
      modifiers: MODIFIER_MAP,
    });
    // 250 × 1.75 = 437.5 → 440; 1000 × 1.75 = 1750.
    expect(result.estimatedCost).toBe('$440 - $1,750');
  });

  it('applies extra multiplier and flat modifiers, ignoring unknown keys', () => {
    const result = computeEstimate({
      item: leakyFaucet,
      region: NATIONAL,
      regionSource: 'default',
      urgency: 'routine',
      modifiers: MODIFIER_MAP,
      modifierKeys: ['permit_required', 'after_hours', 'no_such_modifier', 'urgency'],
    });
    // (100 × 1.5) + 150 = 300; (300 × 1.5) + 150 = 600.
    expect(result.costBreakdown.total).toEqual({ min: 300, max: 600 });
    expect(result.costBreakdown.modifiers.map((m) => m.key)).toEqual([
      'urgency',
      'after_hours',
      'permit_required',
    ]);
    expect(result.costBreakdown.formula).toContain('+ permit required $150');
    expect(costBreakdownSchema.safeParse(result.costBreakdown).success).toBe(true);
  });

  it('prices without an urgency modifier when none is configured', () => {
    const result = computeEstimate({
      item: leakyFaucet,
      region: NATIONAL,
      regionSource: 'default',
      urgency: 'emergency',
      modifiers: new Map(),
    });
    expect(result.estimatedCost).toBe('$100 - $300');
    expect(result.costBreakdown.modifiers).toEqual([]);
  });
});
