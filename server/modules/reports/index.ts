/**
 * Public surface of the reports module: problem reports on jobs, filed by the job's homeowner and
 * involved plumbers and answered by admins; its service (built once, in createApp) and routers.
 */
export { createReportsService, type ReportsService } from './reports.service';
export { createJobReportsRouter, createReportQueueRouter } from './reports.routes';
