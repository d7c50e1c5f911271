import { capitalise } from '@shared/job-display';

/** 'job' → 'Job', 'linear_ft' → 'Linear ft'. */
export function formatUnit(unit: string): string {
  return capitalise(unit.replace(/_/g, ' ').trim()) || unit;
}

/** A 0–1 share as a whole percentage: 0.6 → '60%'. */
export const formatPercent = (share: number) => `${Math.round(share * 100)}%`;
