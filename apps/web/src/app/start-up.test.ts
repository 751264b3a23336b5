import { configureClient } from '@soar/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../features/session/store.ts';
import { setNavigator } from '../shared/navigation.ts';
import { useAppStore } from '../shared/stores/app.ts';
import { useLanguageStore } from '../shared/stores/language.ts';
import { configureRequestClient } from './configure-client.ts';
import { startUp } from './start-up.ts';

type Answer = { status: number; body: unknown };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 0, message: 'ok', data } });
const languages = [
  { key: 'en', label: 'English', src: '/static/flags/en.svg' },
  { key: 'de', label: 'Deutsch', src: '/static/flags/de.svg' },
];
const market = {
  id: 1,
  code: 'US',
  name: 'United States',
  timezone: 'America/New_York',
  currency: 'USD',
  sessions: [],
};
const currency = { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2, rateToUsd: '1' };
const base = { productName: 'Soar', msgType: 'whatsapp', whatsapp: '4470000', custom: '' };

let calls: { path: string; headers: Record<string, string> }[];
let answers: Record<string, Answer>;

beforeEach(() => {
  calls = [];
  answers = {
    'market/app/list': ok([market]),
    'currency/list': ok([currency]),
    'language/list': ok(languages),
    'base/setting': ok(base),
    'member/profile': { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'no such route' } },
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^.*\/api\/v1\//, '');
    calls.push({ path, headers: init.headers as Record<string, string> });
    const answer = answers[path] ?? { status: 404, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  configureRequestClient();
  setNavigator(() => {});
  useSessionStore.getState().clear();
  useAppStore.setState({ init: false, markets: [], currencies: [], msgType: 'builtin', whatsapp: '' });
  useLanguageStore.setState({ language: 'en', languages: [] });
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  configureClient({});
});

describe('start-up (docs/product.md section 4)', () => {
  it('loads markets and currencies, then languages, then the base setting, then sets init', async () => {
    const pending = startUp();
    expect(useAppStore.getState().init).toBe(false);
    await pending;
    expect(calls.map((call) => call.path)).toEqual([
      'market/app/list',
      'currency/list',
      'language/list',
      'base/setting',
    ]);
    expect(useAppStore.getState()).toMatchObject({
      init: true,
      markets: [market],
      currencies: [currency],
      currentMarket: 'US',
      msgType: 'whatsapp',
      whatsapp: '4470000',
    });
    expect(useLanguageStore.getState().languages).toEqual(languages);
  });

  it('applies the stored language and sends it with every call', async () => {
    useLanguageStore.setState({ language: 'de' });
    await startUp();
    expect(document.documentElement.lang).toBe('de');
    expect(calls.every((call) => call.headers['x-soar-lang'] === 'de' && call.headers.platform === 'h5')).toBe(true);
  });

  it('asks for the profile only with a token, and a 404 does not stop start-up', async () => {
    useSessionStore.getState().login('tok', {});
    await startUp();
    expect(calls.map((call) => call.path)).toContain('member/profile');
    expect(calls.find((call) => call.path === 'member/profile')?.headers.authorization).toBe('Bearer tok');
    expect(useAppStore.getState().init).toBe(true);
    expect(useSessionStore.getState().isLogined).toBe(true);
  });

  it('stores the profile and logs out on a 401 from it', async () => {
    useSessionStore.getState().login('tok', {});
    answers['member/profile'] = ok({ uid: 'U1' });
    await startUp();
    expect(useSessionStore.getState().userInfo).toEqual({ uid: 'U1' });
    answers['member/profile'] = { status: 401, body: { code: 'UNAUTHORIZED', message: 'Please Login' } };
    await startUp();
    expect(useSessionStore.getState()).toMatchObject({ isLogined: false, token: undefined });
    expect(useAppStore.getState().init).toBe(true);
  });

  it('ignores failures of the language, market and currency loads', async () => {
    answers['market/app/list'] = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } };
    answers['currency/list'] = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } };
    answers['language/list'] = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } };
    await startUp();
    expect(useAppStore.getState().init).toBe(true);
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('injects the custom script by URL after a zero-delay timer, only when there is one', async () => {
    vi.useFakeTimers();
    await startUp();
    await vi.runAllTimersAsync();
    expect(document.querySelector('script')).toBeNull();
    answers['base/setting'] = ok({ ...base, custom: 'console.log(1)' });
    await startUp();
    expect(document.querySelector('script')).toBeNull();
    await vi.runAllTimersAsync();
    const script = document.querySelector('script');
    expect(script?.getAttribute('src')).toBe('/api/v1/base/custom.js');
    expect(script?.textContent).toBe('');
  });
});
