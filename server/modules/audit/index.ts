/** Public surface of the audit module: the service admin writes record themselves with, and its router. */
export { createAuditService, type AuditRecord, type AuditService } from './audit.service';
export { createAuditRouter } from './audit.routes';
