import type { ChangeOrderStatus, JobStatus, Urgency } from './constants';

/**
 * The marketplace's answers on the wire (dates are ISO strings, money is the numeric(10,2) text the
 * database stores, e.g. '150.00'). The server builds these, the dashboards read them.
 */

/** Plumbline's price range for a job, from the pricing engine (absent when the issue is not in the catalogue). */
export interface JobEstimate {
  min: number;
  max: number;
  estimatedCost: string;
}

export interface JobRatingSummary {
  stars: number;
  comment: string | null;
  createdAt: string;
}

/** GET /api/jobs — one of the logged-in customer's own jobs. */
export interface CustomerJob {
  id: string;
  customerId: string;
  plumberId: string | null;
  issueSlug: string;
  issueDescription: string;
  address: string;
  urgency: Urgency;
  preferredDate: string | null;
  currentStatus: JobStatus;
  statusLabel: string;
  createdAt: string;
  updatedAt: string;
  estimate: JobEstimate | null;
  /** The homeowner's rating of the plumber, once given. */
  rating: JobRatingSummary | null;
  /** What the job was billed at completion (the payout's gross); null before. */
  finalAmount: string | null;
  /** The plumber's requests for extra money, oldest first. */
  changeOrders: JobChangeOrder[];
}

/**
 * Extra work the assigned plumber asks the homeowner to approve. Once approved, `amount` is added
 * to the accepted quote's maximum: the ceiling of the job's final amount.
 */
export interface JobChangeOrder {
  id: string;
  jobId: string;
  amount: string;
  reason: string;
  status: ChangeOrderStatus;
  createdAt: string;
  /** When the homeowner approved or declined it; null while pending. */
  decidedAt: string | null;
}

/**
 * GET /api/jobs/nearby — an open job near the plumber. Never the homeowner's name, phone, e-mail,
 * exact address or coordinates: only the area (city, state and ZIP).
 */
export interface NearbyJob {
  id: string;
  issueSlug: string;
  issueDescription: string;
  urgency: Urgency;
  preferredDate: string | null;
  currentStatus: JobStatus;
  statusLabel: string;
  createdAt: string;
  /** e.g. 'Austin, TX 78745'; null when the address has no known ZIP code. */
  area: string | null;
  /** Great-circle distance from the plumber's service location, rounded to 0.1 km. */
  distanceKm: number;
  /** This plumber already sent a quote for this job. */
  alreadyQuoted: boolean;
  estimate: JobEstimate | null;
}

/** GET /api/jobs/assigned — a job whose quote from this plumber was accepted: contact details included. */
export interface AssignedJob {
  id: string;
  issueSlug: string;
  issueDescription: string;
  address: string;
  urgency: Urgency;
  preferredDate: string | null;
  currentStatus: JobStatus;
  statusLabel: string;
  createdAt: string;
  customer: { name: string | null; email: string; phone: string | null };
  acceptedQuote: { minTotal: string; maxTotal: string } | null;
  /** The most the final amount may be: the accepted quote's maximum plus approved change orders. */
  agreedMax: string | null;
  /** What the job was billed at completion (the payout's gross); null before. */
  finalAmount: string | null;
  changeOrders: JobChangeOrder[];
  payout: PayoutSummary | null;
}

export interface PayoutSummary {
  plumberGross: string;
  platformFee: string;
  plumberNet: string;
  status: string;
}

/** PATCH /api/jobs/:jobId/status and POST /api/jobs/:jobId/accept-quote answer with the job's new state. */
export interface JobStatusResult {
  id: string;
  currentStatus: JobStatus;
  statusLabel: string;
  plumberId: string | null;
  updatedAt: string;
  /** Written when the job is completed. */
  payout: PayoutSummary | null;
}

export type QuoteStatus = 'pending' | 'accepted' | 'declined';

export interface AverageRating {
  /** null when the plumber has no ratings yet. */
  average: number | null;
  count: number;
}

/** GET /api/quotes/job/:jobId — a quote as the job's owner (or the quoting plumber) sees it. */
export interface JobQuote {
  id: string;
  jobId: string;
  plumberId: string;
  minTotal: string;
  maxTotal: string;
  currency: string;
  breakdownJson: { note?: string } | null;
  status: QuoteStatus;
  createdAt: string;
  plumber: { id: string; name: string | null; verificationStatus: string; rating: AverageRating };
}

/** GET /api/quotes/plumber/:plumberId — a plumber's own quotes with the job they are for. */
export interface PlumberQuote {
  id: string;
  jobId: string;
  plumberId: string;
  minTotal: string;
  maxTotal: string;
  currency: string;
  status: QuoteStatus;
  createdAt: string;
  job: { issueSlug: string; currentStatus: JobStatus; statusLabel: string };
}

/** POST /api/quotes answer. */
export interface CreatedQuote {
  id: string;
  jobId: string;
  plumberId: string;
  minTotal: string;
  maxTotal: string;
  currency: string;
  breakdownJson: { note?: string } | null;
  status: QuoteStatus;
  createdAt: string;
}

/** GET /api/plumbers/user/:userId, PUT /api/plumbers/me/location. */
export interface PlumberProfile {
  id: string;
  userId: string;
  skills: string[];
  serviceRadiusKm: string;
  verificationStatus: string;
  currentLat: string | null;
  currentLng: string | null;
  currentAddress: string | null;
  status: string;
  /** False until the plumber has set a service location: no nearby jobs before that. */
  hasLocation: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/plumbers/:plumberId/ratings */
export interface PlumberRating {
  id: string;
  jobId: string;
  plumberId: string;
  stars: number;
  comment: string | null;
  createdAt: string;
}
