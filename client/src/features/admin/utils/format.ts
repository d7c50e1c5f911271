import { capitalise } from '@shared/job-display';

/** 'job' → 'Job', 'linear_ft' → 'Linear ft'. */
export function formatUnit(unit: string): string {
  return capitalise(unit.replace(/_/g, ' ').trim()) || unit;
}
