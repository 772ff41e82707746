import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AuditEvent } from '@ambassador/contracts';
import { loadStringPack } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { AuditPage } from './audit-page';

beforeAll(() => loadStringPack('audit'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const roleChange: AuditEvent = {
  id: 7,
  created_at: '2026-12-07T09:30:00Z',
  device_id: null,
  device_name: null,
  actor: 'admin',
  actor_role: 3,
  action: 'user.role_change',
  target_type: 'user',
  target_id: '4',
  target_name: 'mary',
  detail: { role: { from: 'user', to: 'admin' } },
  ip: '10.0.0.1',
  user_agent: 'test',
};

describe('AuditPage', () => {
  it('lists events in words, for every device and the last 30 days', async () => {
    const calls: FakeCall[] = [];
    fakeServer((call) => {
      if (call.path === '/audit') {
        calls.push(call);
        return { body: [roleChange], total: 1 };
      }
      if (call.path === '/audit/actors') return { body: ['admin', 'mary'] };
      return undefined;
    });
    renderWithApp(<AuditPage />, '/setting/audit');
    expect(await screen.findByText('Role changed')).toBeTruthy();
    expect(screen.getByText('Role: User → Admin')).toBeTruthy();
    const query = calls[0]!.query;
    // A blank device_id: every device, not only the one selected.
    expect(query.get('device_id')).toBe('');
    const days = (Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('says when nothing is recorded, and shows a failed load with a retry', async () => {
    fakeServer((call) => (call.path === '/audit' ? { body: [], total: 0 } : { body: [] }));
    renderWithApp(<AuditPage />, '/setting/audit');
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeTruthy();
    cleanup();
    fakeServer((call) =>
      call.path === '/audit'
        ? {
            status: 403,
            body: { success: false, message: 'Only an admin may read the audit trail.', error: 'forbidden' },
          }
        : { body: [] },
    );
    renderWithApp(<AuditPage />, '/setting/audit');
    expect(await screen.findByText('Only an admin may read the audit trail.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
