import {
  effectivePageAccess,
  type LoginRequest,
  type LoginResponse,
  type PageAccess,
  type RoleId,
  type Language,
} from '@ambassador/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { burnVerify, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { usernameKey } from '../../lib/usernames.js';
import type { AuthRepo } from './repo.js';

type AccountRow = NonNullable<Awaited<ReturnType<AuthRepo['findUserByKey']>>>;

export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000 } as const;
/** Ended sessions are kept a week for audit; sign-in attempts (the lockout's memory) 30 days. */
export const RETENTION = { sessionsMs: 7 * 86_400_000, loginAttemptsMs: 30 * 86_400_000 } as const;
/** Writing last_seen_at on every request would be a write per read; a minute is precise enough. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthContext {
  sessionId: number;
  userId: number;
  projectId: number;
  username: string;
  roleId: RoleId;
  pageAccess: PageAccess;
  passwordExpired: boolean;
}

export interface AuthServiceDeps {
  repo: AuthRepo;
  clock: Clock;
  log: FastifyBaseLogger;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Sessions that just ended (logout, expiry, revocation): their live sockets close at once. */
  onRevoked?: (sessionIds: number[]) => void;
  /** Each sign-in (whatever its outcome) and sign-out, for the audit trail. */
  onSignIn?: (event: SignInEvent) => void;
}

/** A sign-in attempt or a sign-out, as the audit trail records it (never the password). */
export interface SignInEvent {
  outcome: 'ok' | 'failed' | 'locked' | 'signed_out';
  /** The name as typed. */
  username: string;
  /** The account it names, when there is one. */
  user: { id: number; projectId: number; username: string; roleId: number } | null;
  ip: string | null;
  userAgent: string | null;
}

const WRONG_CREDENTIALS = 'Incorrect username or password.';
const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes.';

export function createAuthService({
  repo,
  clock,
  log,
  sessionIdleMs,
  sessionMaxMs,
  onRevoked = () => undefined,
  onSignIn = () => undefined,
}: AuthServiceDeps) {
  const revoked = (ids: number[]) => {
    if (ids.length > 0) onRevoked(ids);
  };
  return {
    async login(input: LoginRequest, meta: { ip?: string; userAgent?: string }): Promise<LoginResponse> {
      const now = clock.now();
      // One folded form for the lockout and the lookup alike: no spelling escapes the other.
      const username = usernameKey(input.username);
      const attempt = { username, ip: meta.ip ?? null, at: now };
      const told = (outcome: SignInEvent['outcome'], user: AccountRow | undefined) =>
        onSignIn({
          outcome,
          username: input.username,
          user: user
            ? { id: user.id, projectId: user.projectId, username: user.username, roleId: user.roleId }
            : null,
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
        });
      // The lockout answers the same whether or not the username exists.
      const failures = await repo.recentFailures(username, new Date(now.getTime() - LOCKOUT.windowMs));
      if (failures >= LOCKOUT.maxFailures) {
        await repo.recordAttempt({ ...attempt, succeeded: false, throttled: true });
        log.warn({ username, ip: meta.ip, outcome: 'locked' }, 'login attempt');
        told('locked', await repo.findUserByKey(username));
        throw tooManyRequests(LOCKED, 'locked_out');
      }
      const user = await repo.findUserByKey(username);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnVerify(input.password), false);
      if (!user || !valid) {
        await repo.recordAttempt({ ...attempt, succeeded: false });
        log.warn({ username, ip: meta.ip, outcome: 'failed' }, 'login attempt');
        told('failed', user);
        throw unauthorized(WRONG_CREDENTIALS, 'invalid_credentials');
      }
      await repo.recordAttempt({ ...attempt, succeeded: true });
      const token = newToken();
      await repo.insertSession({
        tokenHash: hashToken(token),
        userId: user.id,
        projectId: user.projectId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + sessionMaxMs),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      log.info({ username, userId: user.id, ip: meta.ip, outcome: 'ok' }, 'login attempt');
      told('ok', user);
      const roleId = user.roleId as RoleId;
      return {
        access_token: token,
        auth_project_id: user.projectId,
        project_id: user.projectId,
        page_access: effectivePageAccess(roleId, user.pageAccess),
        user_id: user.id,
        username: user.username,
        role_id: roleId,
        is_password_expired: user.mustResetPassword,
        languages: user.languages as Language[],
      };
    },

    async logout(token: string, meta: { ip?: string; userAgent?: string } = {}) {
      const session = await repo.findSession(hashToken(token));
      const ids = await repo.revokeSession(hashToken(token), clock.now());
      revoked(ids);
      if (session && ids.length > 0) {
        onSignIn({
          outcome: 'signed_out',
          username: session.username,
          user: {
            id: session.userId,
            projectId: session.projectId,
            username: session.username,
            roleId: session.roleId,
          },
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
        });
      }
    },

    /** 401 for a missing, unknown, revoked or expired token; 403 for another project's id. */
    async authenticate(token: string | undefined, projectHeader: string | undefined): Promise<AuthContext> {
      if (!token) throw unauthorized('Missing access token. Please sign in.');
      const session = await repo.findSession(hashToken(token));
      const now = clock.now();
      if (!session || session.revokedAt) throw unauthorized();
      const idleDeadline = session.lastSeenAt.getTime() + sessionIdleMs;
      if (session.expiresAt <= now || idleDeadline <= now.getTime()) {
        revoked(await repo.revokeSession(hashToken(token), now));
        throw unauthorized('Your session has expired. Please sign in again.', 'session_expired');
      }
      if (projectHeader === undefined || projectHeader === '') {
        throw forbidden('The auth_project_id header is required.');
      }
      if (String(session.projectId) !== projectHeader.trim()) {
        throw forbidden('This project is not yours.');
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await repo.touchSession(session.id, now);
      }
      const roleId = session.roleId as RoleId;
      return {
        sessionId: session.id,
        userId: session.userId,
        projectId: session.projectId,
        username: session.username,
        roleId,
        pageAccess: effectivePageAccess(roleId, session.pageAccess),
        passwordExpired: session.mustResetPassword,
      };
    },

    /** Housekeeping: ended sessions and old sign-in attempts. */
    prune() {
      const now = clock.now().getTime();
      return repo.prune(new Date(now - RETENTION.sessionsMs), new Date(now - RETENTION.loginAttemptsMs));
    },

    async revokeUserSessions(userId: number, exceptSessionId?: number) {
      revoked(await repo.revokeUserSessions(userId, clock.now(), exceptSessionId));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
