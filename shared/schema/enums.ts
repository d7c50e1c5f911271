import { pgEnum } from 'drizzle-orm/pg-core';
import {
  CHANGE_ORDER_STATUSES,
  JOB_STATUSES,
  PAYOUT_STATUSES,
  PLUMBER_STATUSES,
  QUOTE_STATUSES,
  TECHNICIAN_STATUSES,
  URGENCIES,
  USER_ROLES,
  VERIFICATION_STATUSES,
  SERVICE_REQUEST_STATUSES,
  NOTIFICATION_KINDS,
} from '../constants';

export const userRole = pgEnum('user_role', USER_ROLES);
export const urgency = pgEnum('urgency', URGENCIES);
export const technicianStatus = pgEnum('technician_status', TECHNICIAN_STATUSES);
export const jobStatus = pgEnum('job_status', JOB_STATUSES);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);
export const plumberStatus = pgEnum('plumber_status', PLUMBER_STATUSES);
export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);
export const serviceRequestStatus = pgEnum('service_request_status', SERVICE_REQUEST_STATUSES);
export const quoteStatus = pgEnum('quote_status', QUOTE_STATUSES);
export const changeOrderStatus = pgEnum('change_order_status', CHANGE_ORDER_STATUSES);
export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);
