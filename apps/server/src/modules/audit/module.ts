import { defineModule, type Core } from '../../core/module.js';
import { registerAuditHook } from './hook.js';
import { createAuditRepo } from './repo.js';
import { auditRoutes } from './routes.js';
import { createAuditService } from './service.js';

const build = ({ db, clock, log, config, use }: Core) => {
  const audit = createAuditService({
    repo: createAuditRepo(db),
    clock,
    log,
    retentionDays: config.AUDIT_RETENTION_DAYS,
  });
  // Sign-ins are public routes with no session yet: modules/auth tells of them itself.
  use('auth').onSignIn((event) => void audit.recordSignIn(event));
  return { audit };
};

declare module '../../core/module.js' {
  interface Modules {
    audit: ReturnType<typeof build>;
  }
}

/** The audit trail: every change through the admin API, sign-ins, key rotations and role changes. */
export const auditModule = defineModule({
  name: 'audit',
  build,
  hooks: (app, { audit }) => registerAuditHook(app, audit),
  admin: (scope, { audit }) => auditRoutes(scope, { audit }),
  tasks: ({ audit }) => [{ name: 'delete audit events past their retention', run: audit.prune }],
});
