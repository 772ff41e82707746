/** What other parts of the server may use of the audit module; everything else is its own. */
export { noteAudit } from './hook.js';
export { isSecretField } from './actions.js';
export { type AuditNote, type AuditService } from './service.js';
export { auditModule } from './module.js';
