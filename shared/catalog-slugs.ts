import type { ServiceType } from './constants';

/**
 * The pricing-catalogue issue each booking service type stands for. A booking by a logged-in
 * homeowner becomes a job with this issueSlug (unless a diagnosis handed over a more precise one),
 * and prices for the services page come from these rows.
 */
export const SERVICE_TYPE_TO_ISSUE_SLUG: Record<ServiceType, string> = {
  'Emergency Repair': 'emergency-repair',
  'Drain Cleaning': 'drain-cleaning',
  'Water Heater Service': 'water-heater-service',
  'Leak Detection': 'leak-detection',
  'Pipe Installation': 'pipe-installation',
  'Fixture Replacement': 'fixture-replacement',
  'Toilet Repair': 'toilet-repair',
  'Faucet Installation': 'faucet-installation',
  'Water Line Repair': 'water-line-repair',
  'Sewer Line Service': 'sewer-line-service',
  Other: 'general-plumbing',
};
