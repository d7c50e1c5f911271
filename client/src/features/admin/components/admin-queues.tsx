import { ReportQueue } from './report-queue';
import { ServiceRequestQueue } from './service-request-queue';

/** The Queues tab: bookings to handle, then problem reports to answer. */
export function AdminQueues() {
  return (
    <div className="grid gap-12">
      <ServiceRequestQueue />
      <ReportQueue />
    </div>
  );
}
