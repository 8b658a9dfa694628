export { adminAuditLogRoutes } from './admin.routes.ts';
export { auditActorOf } from './audit-actor.ts';
export { insertAuditEntry } from './audit.repository.ts';
export type { AuditActor, AuditRecord } from './audit.repository.ts';
export type { AuditLogRow } from './tables.ts';
export { countAuditEntries, insertSystemAuditEntry } from './system-entries.ts';
