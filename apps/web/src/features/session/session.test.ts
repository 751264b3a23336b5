import { beforeEach, describe, expect, it } from 'vitest';
import { setNavigator } from '../../shared/navigation.ts';
import { completeLogin, logout } from './session.ts';
import { useSessionStore } from './store.ts';

let visited: string[];
beforeEach(() => {
  visited = [];
  setNavigator((to) => visited.push(to));
  useSessionStore.getState().clear();
  window.location.hash = '';
});

describe('session', () => {
  it('returns to the redirect after login', () => {
    window.location.hash = `#/pages/login/index?redirect=${encodeURIComponent('/pages/deposit/index?type=crypto')}`;
    completeLogin('tok', { uid: 'U1' });
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', isLogined: true, userInfo: { uid: 'U1' } });
    expect(visited).toEqual(['/pages/deposit/index?type=crypto']);
  });

  it('goes to the profile tab after login without a redirect', () => {
    window.location.hash = '#/pages/auth/login';
    completeLogin('tok');
    expect(visited).toEqual(['/pages/main/profile/index']);
  });

  it('ignores a redirect that leaves the app', () => {
    window.location.hash = `#/pages/login/index?redirect=${encodeURIComponent('//evil.test/x')}`;
    completeLogin('tok');
    expect(visited).toEqual(['/pages/main/profile/index']);
  });

  it('persists the session in localStorage', () => {
    completeLogin('tok', { uid: 'U1' });
    expect(JSON.parse(localStorage.getItem('soar-session') ?? '{}').state).toMatchObject({ token: 'tok' });
  });

  it('clears the session and goes to the login page on logout', () => {
    completeLogin('tok');
    visited = [];
    window.location.hash = '#/pages/main/profile/index';
    logout();
    expect(useSessionStore.getState()).toMatchObject({ token: undefined, userInfo: undefined, isLogined: false });
    expect(visited).toEqual(['/pages/auth/login']);
  });
});
