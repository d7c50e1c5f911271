import { SERVICE_TYPES, URGENCIES, type ServiceType, type Urgency } from './constants';
import { SERVICE_TYPE_TO_ISSUE_SLUG } from './catalog-slugs';

/**
 * How a diagnosis is handed to the booking form:
 * /book?serviceType=…&urgency=…&description=…&issueSlug=…&diagnosisId=…
 * /diagnose writes these parameters ('Book a Professional'); /book reads them to prefill its form
 * (`diagnosisId` as a hidden value: the posted job gets the diagnosis' photos).
 */
export const BOOKING_HANDOVER_PARAMS = {
  serviceType: 'serviceType',
  urgency: 'urgency',
  description: 'description',
  issueSlug: 'issueSlug',
  diagnosisId: 'diagnosisId',
} as const;

/** As strict as the contract's uuid field: a looser id would fail the form's hidden field unseen. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Catalogue issues that are not themselves a booking service type, mapped to the closest one. */
const ISSUE_SLUG_SERVICE_TYPE: Record<string, ServiceType> = {
  'leaky-faucet': 'Faucet Installation',
  'clogged-drain': 'Drain Cleaning',
  'clogged-toilet': 'Toilet Repair',
  'running-toilet': 'Toilet Repair',
  'toilet-installation': 'Fixture Replacement',
  'low-water-pressure': 'Water Line Repair',
  'burst-pipe': 'Emergency Repair',
  'frozen-pipe': 'Emergency Repair',
  'gas-line-leak': 'Emergency Repair',
  'water-heater-no-hot-water': 'Water Heater Service',
  'water-heater-leak': 'Water Heater Service',
  'water-heater-replacement': 'Water Heater Service',
  'tankless-water-heater-repair': 'Water Heater Service',
  'garbage-disposal-repair': 'Fixture Replacement',
  'shower-valve-repair': 'Fixture Replacement',
  'hose-bib-repair': 'Fixture Replacement',
  'sump-pump-repair': 'Other',
  'sewer-backup': 'Sewer Line Service',
  'sewer-line-replacement': 'Sewer Line Service',
  'camera-inspection': 'Sewer Line Service',
  'slab-leak': 'Leak Detection',
  'main-shutoff-valve-replacement': 'Water Line Repair',
  'water-softener-service': 'Other',
  'backflow-testing': 'Other',
};

/** The booking service type for a catalogue issue ('Other' when nothing closer fits). */
export function serviceTypeForIssueSlug(issueSlug: string): ServiceType {
  const direct = (Object.entries(SERVICE_TYPE_TO_ISSUE_SLUG) as [ServiceType, string][]).find(
    ([, slug]) => slug === issueSlug,
  );
  return direct?.[0] ?? ISSUE_SLUG_SERVICE_TYPE[issueSlug] ?? 'Other';
}

export interface BookingHandover {
  serviceType?: ServiceType;
  urgency?: Urgency;
  description?: string;
  issueSlug?: string;
  diagnosisId?: string;
}

/** Reads a handover from URL search parameters, ignoring anything malformed. */
export function readBookingHandover(params: URLSearchParams): BookingHandover {
  const serviceType = params.get(BOOKING_HANDOVER_PARAMS.serviceType);
  const urgency = params.get(BOOKING_HANDOVER_PARAMS.urgency);
  const description = params.get(BOOKING_HANDOVER_PARAMS.description);
  const issueSlug = params.get(BOOKING_HANDOVER_PARAMS.issueSlug);
  const diagnosisId = params.get(BOOKING_HANDOVER_PARAMS.diagnosisId);
  return {
    serviceType: SERVICE_TYPES.find((type) => type === serviceType),
    urgency: URGENCIES.find((value) => value === urgency),
    description: description ? description.slice(0, 5000) : undefined,
    issueSlug: issueSlug && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(issueSlug) ? issueSlug : undefined,
    diagnosisId: diagnosisId && UUID.test(diagnosisId) ? diagnosisId : undefined,
  };
}

/** Builds the /book URL for a diagnosis. */
export function bookingHandoverUrl(handover: BookingHandover): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(handover)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `/book?${query}` : '/book';
}
