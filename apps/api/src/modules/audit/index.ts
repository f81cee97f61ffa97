// What other modules may use of audit (module faces: nothing else is imported from outside this folder)
export { adminAuditLog, auditHistory, changesBetween, recordAudit } from './audit.service.ts';
