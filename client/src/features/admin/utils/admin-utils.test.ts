import { describe, expect, it } from 'vitest';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import { filterCatalog } from './filter-catalog';
import { formatUsd as formatDollars, formatUsdRange as formatPriceRange } from '@shared/money';
import { formatUnit } from './format';

const item = (issueName: string, category: string, unit = 'job'): AdminCatalogItem => ({
  id: issueName,
  issueSlug: issueName.toLowerCase().replace(/\s+/g, '-'),
  issueName,
  baseMin: '100.00',
  baseMax: '200.00',
  unit,
  category,
  notes: null,
  isActive: true,
});

describe('admin formatting', () => {
  it('writes base price ranges as "$min - $max"', () => {
    expect(formatPriceRange('150.00', '650.00')).toBe('$150 - $650');
    expect(formatPriceRange('180.00', '1500.00')).toBe('$180 - $1,500');
    expect(formatPriceRange('99.5', 120)).toBe('$99.50 - $120');
    expect(formatDollars('not a number')).toBe('not a number');
  });

  it('turns units into words', () => {
    expect(formatUnit('job')).toBe('Job');
    expect(formatUnit('linear_ft')).toBe('Linear ft');
  });
});

describe('filterCatalog', () => {
  const items = [
    item('Leaky Faucet', 'Fixtures'),
    item('Drain Cleaning', 'Drains'),
    item('Sewer Line Repair', 'Sewer', 'linear_ft'),
  ];

  it('keeps everything for an empty filter', () => {
    expect(filterCatalog(items, '   ')).toHaveLength(3);
  });

  it('matches names, slugs, categories and units, case-insensitively, every word', () => {
    expect(filterCatalog(items, 'FAUCET').map((i) => i.issueName)).toEqual(['Leaky Faucet']);
    expect(filterCatalog(items, 'drains').map((i) => i.issueName)).toEqual(['Drain Cleaning']);
    expect(filterCatalog(items, 'sewer-line').map((i) => i.issueName)).toEqual(['Sewer Line Repair']);
    expect(filterCatalog(items, 'linear ft').map((i) => i.issueName)).toEqual(['Sewer Line Repair']);
    expect(filterCatalog(items, 'leaky drain')).toEqual([]);
  });
});
