import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-03-04T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const format = (iso: string) => formatRelativeTime(iso, { now, justNow: 'just now', locale: 'en-US' });

describe('formatRelativeTime', () => {
  it('reads under a minute, and a time ahead of this clock, as just now', () => {
    expect(format(ago(0))).toBe('just now');
    expect(format(ago(59))).toBe('just now');
    expect(format(ago(-300))).toBe('just now');
    expect(format('not a date')).toBe('just now');
  });

  it('counts whole units, never rounding up into the next one', () => {
    expect(format(ago(60))).toBe('1 minute ago');
    expect(format(ago(5 * 60 + 59))).toBe('5 minutes ago');
    expect(format(ago(59 * 60 + 59))).toBe('59 minutes ago');
    expect(format(ago(2 * 3600))).toBe('2 hours ago');
    expect(format(ago(24 * 3600))).toBe('yesterday');
    expect(format(ago(3 * 24 * 3600))).toBe('3 days ago');
    expect(format(ago(14 * 24 * 3600))).toBe('2 weeks ago');
    expect(format(ago(400 * 24 * 3600))).toBe('last year');
  });
});
