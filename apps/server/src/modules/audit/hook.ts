import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionOf, describeRequest, isProjectLevel } from './actions.js';
import type { AuditNote, AuditService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the route's module said of its change, for the audit trail (see `noteAudit`). */
    auditNotes: AuditNote[] | null;
  }
}

/**
 * Says what a request changed in more words than its address and body do (a role's old and new
 * value, a password changed): the trail records these notes instead of its generic row.
 */
export function noteAudit(req: FastifyRequest, note: AuditNote) {
  (req.auditNotes ??= []).push(note);
}

/** The device a request acted on: the one it names, or the only one it names anywhere. */
function deviceOf(req: FastifyRequest): number | null {
  const scope = req.deviceScope;
  if (!scope) return null;
  if (scope.deviceId !== undefined) return scope.deviceId;
  return scope.all.length === 1 ? scope.all[0]! : null;
}

/** The `data` of a small JSON answer (what a POST made), or nothing. */
function answerOf(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload.length > 100_000 || !payload.startsWith('{')) return undefined;
  try {
    return (JSON.parse(payload) as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}

/**
 * Every successful changing admin request is recorded: its action from its route's address and
 * method, its device as the guard resolved it, its target and what it set from its input. The
 * write starts as the answer is sent (onSend) and is not waited for, so it adds no latency, and a
 * read of the trail after the answer sees it (the service waits for writes in flight).
 */
export function registerAuditHook(app: FastifyInstance, audit: AuditService) {
  app.decorateRequest('auditNotes', null);
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 || !req.auth) return payload;
    const action = actionOf(req.method, req.routeOptions.url);
    if (!action && !req.auditNotes) return payload;
    const generic = describeRequest(action ?? req.auditNotes![0]!.action, {
      method: req.method,
      params: req.params,
      query: req.query,
      body: req.body,
      answer: answerOf(payload),
    });
    const notes: AuditNote[] = (
      req.auditNotes ?? [{ action: action!, target: generic.target, detail: generic.detail }]
    ).map((note) => ({ ...note, target: note.target ?? generic.target }));
    void audit.record(
      {
        auth: req.auth,
        deviceId: isProjectLevel(notes[0]!.action) ? null : deviceOf(req),
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      },
      notes,
    );
    return payload;
  });
}
