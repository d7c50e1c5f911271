/** Business constants (docs/product.md#constants) and the enums of the data and its states (docs/product.md#data, docs/product.md#states), written once. */

export const USER_ROLES = ['homeowner', 'plumber', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** Roles a person may pick when registering; admin is never self-assigned. */
export const SELF_SERVICE_ROLES = ['homeowner', 'plumber'] as const;

export const URGENCIES = ['routine', 'urgent', 'emergency'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const DIAGNOSIS_LOCATIONS = ['kitchen', 'bathroom', 'basement', 'outdoor', 'other'] as const;
export type DiagnosisLocation = (typeof DIAGNOSIS_LOCATIONS)[number];

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const TECHNICIAN_STATUSES = ['available', 'busy', 'off_duty'] as const;
export type TechnicianStatus = (typeof TECHNICIAN_STATUSES)[number];

export const JOB_STATUSES = [
  'draft',
  'requested',
  'quoted',
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  draft: 'Draft',
  requested: 'Open',
  quoted: 'Quoted',
  scheduled: 'Scheduled',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const PAST_JOB_STATUSES: readonly JobStatus[] = ['completed', 'cancelled'];
/** A plumber can still quote on these. */
export const OPEN_JOB_STATUSES: readonly JobStatus[] = ['requested', 'quoted'];

export const SERVICE_REQUEST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const PLUMBER_STATUSES = ['available', 'busy', 'offline'] as const;
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export const QUOTE_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** A change order asks the homeowner to raise the agreed ceiling of a job's final amount. */
export const CHANGE_ORDER_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number];
/** An appointment is booked when its quote is accepted (docs/decisions/029-appointments.md). */
export const APPOINTMENT_STATUSES = ['booked', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** Who moved or cancelled an appointment (docs/decisions/029-appointments.md). */
export const APPOINTMENT_PARTIES = ['homeowner', 'plumber'] as const;
export type AppointmentParty = (typeof APPOINTMENT_PARTIES)[number];
export const RESCHEDULE_PROPOSAL_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type RescheduleProposalStatus = (typeof RESCHEDULE_PROPOSAL_STATUSES)[number];

/**
 * What a notification is about (docs/product.md#the-job-room-messages-and-notifications). Each kind also goes out by mail unless its
 * user turned that kind off.
 */
export const NOTIFICATION_KINDS = [
  'new_quote',
  'new_message',
  'quote_accepted',
  'job_cancelled',
  'new_nearby_job',
  'change_order',
  'status_changed',
  'appointment',
  'payout_paid',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A job-room message's longest body, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;

export const SERVICE_TYPES = [
  'Emergency Repair',
  'Drain Cleaning',
  'Water Heater Service',
  'Leak Detection',
  'Pipe Installation',
  'Fixture Replacement',
  'Toilet Repair',
  'Faucet Installation',
  'Water Line Repair',
  'Sewer Line Service',
  'Other',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const LIMITS = {
  passwordMin: 8,
  /** bcrypt only reads the first 72 bytes; longer passwords would silently collide. */
  passwordMaxBytes: 72,
  nameMin: 2,
  phoneMin: 10,
  addressMin: 5,
  bookingDescriptionMin: 10,
  diagnosisDescriptionMin: 10,
  regionStateLength: 2,
  defaultServiceRadiusKm: 25,
  maxDiagnosisImages: 5,
} as const;

export const DEFAULT_CURRENCY = 'USD';

/**
 * For this long after its own write the browser asks for fresh reads (`Cache-Control: no-cache`):
 * each server process keeps session and plumber reads between the database's change notices, and a
 * read sent to another instance right after a write could come before that write's notice
 * (docs/decisions/043-plumber-rows-kept-with-sessions.md). The default of SESSION_CACHE_TTL_MS too.
 */
export const FRESH_READS_AFTER_WRITE_MS = 5_000;
