import { settingsApi } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, currencies } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await api(t.app).get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json();
  const call = Object.values(settingsApi).find((entry) => entry.path === `/${url}`);
  expect(call?.response.parse(body)).toEqual(body);
  return body.data;
};

describe('settings calls', () => {
  it('lists the seven languages with their flags, English first', async () => {
    const data = await get('language/list');
    expect(data.map((l: { key: string; label: string }) => `${l.key} ${l.label}`)).toEqual([
      'en English',
      'de Deutsch',
      'es Español',
      'fr Français',
      'it Italiano',
      'ja 日本語',
      'zh-CN 简体中文',
    ]);
    for (const language of data) {
      const flag = await t.app.inject({ url: language.src });
      expect(flag.statusCode, language.src).toBe(200);
      expect(flag.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('lists the markets with timezone, currency and sessions', async () => {
    const data = await get('market/app/list');
    expect(data.map((m: { code: string }) => m.code)).toEqual(['US', 'HK', 'JP', 'EU']);
    const hk = data.find((m: { code: string }) => m.code === 'HK');
    expect(hk).toMatchObject({ timezone: 'Asia/Hong_Kong', currency: 'HKD' });
    expect(hk.sessions).toEqual([
      { open: '09:30', close: '12:00' },
      { open: '13:00', close: '16:00' },
    ]);
    expect(typeof hk.id).toBe('number');
  });

  it('lists the currencies with decimal-string rates to USD', async () => {
    const data = await get('currency/list');
    const eur = data.find((c: { code: string }) => c.code === 'EUR');
    expect(eur).toEqual({ code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, rateToUsd: '1.085' });
    expect(data.find((c: { code: string }) => c.code === 'USD').rateToUsd).toBe('1');
  });

  it('answers the base settings', async () => {
    expect(await get('base/setting')).toEqual({ productName: 'Soar', msgType: 'builtin', whatsapp: '', custom: '' });
  });

  it('serves the custom script as uncached JavaScript, updated on refresh', async () => {
    const empty = await t.app.inject({ url: '/api/v1/base/custom.js' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(empty.headers['cache-control']).toBe('no-cache');
    expect(empty.body).toBe('');
    await t.app.db
      .update(appSettings)
      .set({ value: { productName: 'Soar', msgType: 'builtin', whatsapp: '', custom: 'window.soarCustom = 1;' } })
      .where(eq(appSettings.key, 'base'));
    await t.app.settings.refresh();
    const script = await t.app.inject({ url: '/api/v1/base/custom.js' });
    expect(script.body).toBe('window.soarCustom = 1;');
    expect(await get('base/setting')).toMatchObject({ custom: 'window.soarCustom = 1;' });
    await t.app.db.update(appSettings).set({ value: {} }).where(eq(appSettings.key, 'base'));
    await t.app.settings.refresh();
  });

  it('serves from memory until refreshed after an operator edit', async () => {
    await t.app.db.update(currencies).set({ rateToUsd: '1.1' }).where(eq(currencies.code, 'EUR'));
    const before = await get('currency/list');
    expect(before.find((c: { code: string }) => c.code === 'EUR').rateToUsd).toBe('1.085');
    await t.app.settings.refresh();
    const after = await get('currency/list');
    expect(after.find((c: { code: string }) => c.code === 'EUR').rateToUsd).toBe('1.1');
  });
});
