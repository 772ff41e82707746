import { describe, expect, it } from 'vitest';
import { guardRoute, homeFor, type GuardAuth } from './route-guard';

const admin: GuardAuth = { loggedIn: true, pageAccess: 'all' };
const agent: GuardAuth = { loggedIn: true, pageAccess: ['/dashboard', '/chat'] };
const signedOut: GuardAuth = { loggedIn: false, pageAccess: 'all' };

describe('guardRoute', () => {
  it('sends a signed-out user to /login from every path but /login', () => {
    for (const path of ['/dashboard', '/setting/users', '/ai/keyword/question/7', '/', '/nowhere']) {
      expect(guardRoute(signedOut, path)).toEqual({ action: 'redirect', to: '/login' });
    }
    expect(guardRoute(signedOut, '/login')).toEqual({ action: 'allow' });
  });

  it('sends a signed-in user away from /login to /dashboard', () => {
    expect(guardRoute(admin, '/login')).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(guardRoute(agent, '/login/')).toEqual({ action: 'redirect', to: '/dashboard' });
  });

  it("lets 'all' open every page, including sub-routes", () => {
    for (const path of [
      '/dashboard',
      '/setting',
      '/setting/users',
      '/ai/keyword/question/12',
      '/interface/avatar',
    ]) {
      expect(guardRoute(admin, path)).toEqual({ action: 'allow' });
    }
  });

  it('checks the first path segment against a page_access list', () => {
    expect(guardRoute(agent, '/chat')).toEqual({ action: 'allow' });
    expect(guardRoute(agent, '/dashboard')).toEqual({ action: 'allow' });
    expect(guardRoute(agent, '/setting/users')).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(guardRoute(agent, '/ai/keyword')).toEqual({ action: 'redirect', to: '/dashboard' });
    // '/chatter' is not '/chat'.
    expect(guardRoute(agent, '/chatter')).toEqual({ action: 'redirect', to: '/dashboard' });
  });

  it('ignores a navigation to the path already shown', () => {
    expect(guardRoute(admin, '/setting/users', '/setting/users')).toEqual({ action: 'ignore' });
    expect(guardRoute(admin, '/setting/users/', '/setting/users')).toEqual({ action: 'ignore' });
    expect(guardRoute(admin, '/setting/users', '/setting')).toEqual({ action: 'allow' });
  });

  it('lands a user without /dashboard on their first permitted page instead of looping', () => {
    const chatOnly: GuardAuth = { loggedIn: true, pageAccess: ['/message', '/chat'] };
    expect(homeFor(chatOnly.pageAccess)).toBe('/chat');
    expect(guardRoute(chatOnly, '/dashboard')).toEqual({ action: 'redirect', to: '/chat' });
    expect(guardRoute(chatOnly, '/login')).toEqual({ action: 'redirect', to: '/chat' });
  });
});

describe('guardSession (the part applied at the root)', () => {
  it('needs only the sign-in state', async () => {
    const { guardSession } = await import('./session-guard');
    expect(guardSession(false, '/setting/users')).toEqual({ action: 'redirect', to: '/login' });
    expect(guardSession(false, '/login')).toEqual({ action: 'allow' });
    expect(guardSession(true, '/login')).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(guardSession(true, '/setting/users')).toEqual({ action: 'allow' });
  });
});
