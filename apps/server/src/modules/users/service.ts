import type { ZCreateUserRequest, ZUpdateUserRequest } from '@ambassador/contracts';
import { canOpen, ROLE, type User, type Language, type PagePath, type RoleId } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { failedRule, invalidInput } from '../../lib/validate.js';
import type { AuditNote } from '../audit/index.js';
import type { AuthContext } from '../auth/index.js';
import type { UserRow, UsersRepo } from './repo.js';

type CreateInput = z.output<typeof ZCreateUserRequest>;
type UpdateInput = z.output<typeof ZUpdateUserRequest>;

export function toUser(row: UserRow): User {
  return {
    user_id: row.id,
    username: row.username,
    role_id: row.roleId as RoleId,
    languages: row.languages as Language[],
    page_access: row.pageAccess as PagePath[],
    is_password_expired: row.mustResetPassword,
    created_at: row.createdAt.toISOString(),
  };
}

/** Tells the audit trail what a call changed (role old → new, a password set …); never a password. */
type Note = (note: AuditNote) => void;
const silent: Note = () => undefined;
const ROLE_NAME: Record<number, string> = Object.fromEntries(Object.entries(ROLE).map(([n, id]) => [id, n]));
const targetOf = (row: UserRow) => ({ type: 'user', id: row.id, name: row.username });

export interface UsersServiceDeps {
  repo: UsersRepo;
  clock: Clock;
  revokeSessions(userId: number, exceptSessionId?: number): Promise<void>;
}

export function createUsersService({ repo, clock, revokeSessions }: UsersServiceDeps) {
  const usernameTaken = () => conflict('Username already exists.', 'username_taken');

  async function mustFind(actor: AuthContext, userId: number) {
    const row = await repo.find(actor.projectId, userId);
    if (!row) throw notFound('User not found.');
    return row;
  }

  async function keepOneAdmin(actor: AuthContext, target: UserRow) {
    if (target.roleId === ROLE.admin && (await repo.otherAdmins(actor.projectId, target.id)) === 0) {
      throw conflict('A project needs at least one admin.', 'last_admin');
    }
  }

  return {
    async list(actor: AuthContext, limit: number, offset: number) {
      const { rows, total } = await repo.page(actor.projectId, limit, offset);
      return { users: rows.map(toUser), total };
    },

    async create(actor: AuthContext, input: CreateInput, note: Note = silent) {
      const now = clock.now();
      try {
        const row = await repo.insert({
          projectId: actor.projectId,
          username: input.username,
          roleId: input.role_id,
          passwordHash: await hashPassword(input.password),
          languages: input.languages,
          pageAccess: input.page_access,
          mustResetPassword: input.is_password_expired,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        note({
          action: 'user.create',
          target: targetOf(row),
          detail: { role: ROLE_NAME[row.roleId], languages: row.languages, page_access: row.pageAccess },
        });
        return toUser(row);
      } catch (e) {
        if (isUniqueViolation(e)) throw usernameTaken();
        throw e;
      }
    },

    /**
     * Admins edit anyone in the project. Everyone may change their own password with the old one,
     * which is all a user whose password has expired may do.
     */
    async update(actor: AuthContext, input: UpdateInput, note: Note = silent) {
      const self = input.user_id === actor.userId;
      const manages = canOpen(actor.pageAccess, '/setting') && !actor.passwordExpired;
      const changes = Object.keys(input).filter(
        (k) =>
          !['user_id', 'device_id', 'old_password'].includes(k) &&
          input[k as keyof UpdateInput] !== undefined,
      );
      const onlyOwnPassword = self && changes.every((k) => k === 'password');
      if (!manages && !onlyOwnPassword) {
        throw forbidden(
          actor.passwordExpired
            ? 'Your password has expired. Set a new password first.'
            : 'Your role does not have access to this page.',
          actor.passwordExpired ? 'password_expired' : 'forbidden',
        );
      }
      if (changes.length === 0) throw badRequest('Nothing to update.');
      const target = await mustFind(actor, input.user_id);
      const values: Partial<typeof target> = { updatedAt: clock.now() };

      if (input.password !== undefined) {
        if (self) {
          if (!input.old_password) throw invalidInput([failedRule('old_password', 'password_required')]);
          if (!(await verifyPassword(target.passwordHash, input.old_password))) {
            throw new AppError(400, 'wrong_password', 'Current password is incorrect.');
          }
          if (await verifyPassword(target.passwordHash, input.password)) {
            throw badRequest('The new password must differ from the current one.', 'password_reused');
          }
        }
        values.passwordHash = await hashPassword(input.password);
        values.passwordChangedAt = values.updatedAt;
        // Your own new password is chosen; one set by an admin is temporary unless they say otherwise.
        values.mustResetPassword = self ? false : (input.is_password_expired ?? true);
      } else if (input.is_password_expired !== undefined) {
        values.mustResetPassword = input.is_password_expired;
      }
      if (input.role_id !== undefined && input.role_id !== target.roleId) {
        if (input.role_id !== ROLE.admin) await keepOneAdmin(actor, target);
        values.roleId = input.role_id;
      }
      if (input.username !== undefined) values.username = input.username;
      if (input.languages !== undefined) values.languages = input.languages;
      if (input.page_access !== undefined) values.pageAccess = input.page_access;

      let row: UserRow | undefined;
      try {
        row = await repo.update(actor.projectId, target.id, values);
      } catch (e) {
        if (isUniqueViolation(e)) throw usernameTaken();
        throw e;
      }
      if (!row) throw notFound('User not found.');
      // New rights or a new password take effect at once: other sessions of that user end now.
      const rightsChanged =
        values.passwordHash !== undefined ||
        values.roleId !== undefined ||
        (values.pageAccess !== undefined &&
          JSON.stringify(values.pageAccess) !== JSON.stringify(target.pageAccess));
      if (rightsChanged) await revokeSessions(target.id, self ? actor.sessionId : undefined);
      noteUpdate(note, target, row, values.passwordHash !== undefined, self);
      return toUser(row);
    },

    async remove(actor: AuthContext, userId: number, note: Note = silent) {
      if (userId === actor.userId) throw conflict('You cannot delete your own account.', 'self_delete');
      const target = await mustFind(actor, userId);
      await keepOneAdmin(actor, target);
      // Revoked first, so the deleted user's open consoles lose their live sockets at once.
      await revokeSessions(target.id);
      if (!(await repo.remove(actor.projectId, userId))) throw notFound('User not found.');
      note({ action: 'user.delete', target: targetOf(target), detail: { role: ROLE_NAME[target.roleId] } });
    },
  };
}

/** What an update changed, as the audit trail words it: a role change, a new password, other fields. */
function noteUpdate(note: Note, before: UserRow, after: UserRow, passwordSet: boolean, self: boolean) {
  const target = targetOf(after);
  if (before.roleId !== after.roleId) {
    note({
      action: 'user.role_change',
      target,
      detail: { role: { from: ROLE_NAME[before.roleId], to: ROLE_NAME[after.roleId] } },
    });
  }
  if (passwordSet) note({ action: 'user.password_change', target, detail: { own: self } });
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const compare = (field: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = { from: a, to: b };
  };
  compare('username', before.username, after.username);
  compare('languages', before.languages, after.languages);
  compare('page_access', before.pageAccess, after.pageAccess);
  if (!passwordSet) compare('is_password_expired', before.mustResetPassword, after.mustResetPassword);
  if (Object.keys(changes).length > 0) note({ action: 'user.update', target, detail: { changes } });
}

export type UsersService = ReturnType<typeof createUsersService>;
