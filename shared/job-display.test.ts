import { describe, expect, it } from 'vitest';
import {
  capitalise,
  compareToEstimate,
  formatAverageRating,
  formatDistanceKm,
  isPastJobStatus,
  jobStatusLabel,
  jobTitleFromSlug,
} from './job-display';
import { formatUsdRange } from './money';

describe('job display rules (docs/product.md#screens-and-routes "Dashboard", docs/product.md#states)', () => {
  it('derives the title from the issue slug', () => {
    expect(jobTitleFromSlug('water-heater-no-hot-water')).toBe('Water Heater No Hot Water');
    expect(jobTitleFromSlug('burst-pipe')).toBe('Burst Pipe');
  });

  it('capitalises the first letter only', () => {
    expect(capitalise('emergency')).toBe('Emergency');
    expect(capitalise('multiplier')).toBe('Multiplier');
    expect(capitalise('in progress')).toBe('In progress');
    expect(capitalise('')).toBe('');
  });

  it('labels every status as docs/product.md says and shows unknown values raw', () => {
    expect(
      ['draft', 'requested', 'quoted', 'scheduled', 'in_progress', 'completed', 'cancelled'].map(
        jobStatusLabel,
      ),
    ).toEqual(['Draft', 'Open', 'Quoted', 'Scheduled', 'In Progress', 'Completed', 'Cancelled']);
    expect(jobStatusLabel('on_hold')).toBe('on_hold');
    expect(jobStatusLabel('toString')).toBe('toString');
  });

  it('treats completed and cancelled as past, everything else as active', () => {
    expect(['completed', 'cancelled'].every(isPastJobStatus)).toBe(true);
    expect(['draft', 'requested', 'quoted', 'scheduled', 'in_progress', 'weird'].some(isPastJobStatus)).toBe(
      false,
    );
  });

  it('shows distance and rating with one decimal', () => {
    expect(formatDistanceKm(3.14159)).toBe('3.1 km');
    expect(formatDistanceKm(0)).toBe('0.0 km');
    expect(formatAverageRating(4.333)).toBe('4.3');
    expect(formatAverageRating(5)).toBe('5.0');
    expect(formatAverageRating(null)).toBe('N/A');
  });

  it('writes price ranges in dollars', () => {
    expect(formatUsdRange('150.00', '300.50')).toBe('$150 - $300.50');
  });

  it('places a quote below, within or above the estimate', () => {
    const estimate = { min: 200, max: 400 };
    expect(compareToEstimate({ minTotal: '100', maxTotal: '150' }, estimate)).toBe('below');
    expect(compareToEstimate({ minTotal: '150', maxTotal: '250' }, estimate)).toBe('within');
    expect(compareToEstimate({ minTotal: '250', maxTotal: '300' }, estimate)).toBe('within');
    expect(compareToEstimate({ minTotal: '401', maxTotal: '500' }, estimate)).toBe('above');
  });
});
