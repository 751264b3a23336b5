import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let support: { headers: Record<string, string> };
let member: { headers: Record<string, string> };
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  support = await createOperator(t.app, { role: 'support' });
  member = await createMember(t.app);
});
afterAll(() => t.close());

const translations = {
  en: { title: 'Maintenance on Saturday', body: 'Trading pauses at 02:00 UTC.' },
  de: { title: 'Wartung am Samstag', body: 'Der Handel pausiert um 02:00 UTC.' },
  ja: { title: '土曜日のメンテナンス', body: '取引は UTC 02:00 に停止します。' },
  'zh-CN': { title: '周六维护', body: '交易将于 UTC 02:00 暂停。' },
};

async function inboxIn(lang: string) {
  const list = await http.get('notice/list', { headers: member.headers, lang });
  expect(list.statusCode, list.body).toBe(200);
  const [latest] = list.json().data.list;
  return { title: latest.title, body: latest.body };
}

describe('announcements in seven languages', () => {
  it('each member reads the announcement in their language when it is written, else in English', async () => {
    const created = await http.post('admin/notice/create', { translations }, { headers: support.headers });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ title: translations.en.title, translations });

    expect(await inboxIn('de')).toEqual(translations.de);
    expect(await inboxIn('ja')).toEqual(translations.ja);
    expect(await inboxIn('zh-CN')).toEqual(translations['zh-CN']);
    expect(await inboxIn('en')).toEqual(translations.en);
    // Not written in French or Spanish: English.
    expect(await inboxIn('fr')).toEqual(translations.en);
    expect(await inboxIn('es')).toEqual(translations.en);

    const listed = (await http.get('admin/notice/list', { headers: support.headers })).json().data.list[0];
    expect(listed.translations).toEqual(translations);
  });

  it('refuses an announcement without English, or with a language it does not know, and sends nothing', async () => {
    const before = (await http.get('notice/list', { headers: member.headers })).json().data.total;
    for (const body of [
      { translations: { de: translations.de } },
      { translations: { en: translations.en, pt: translations.de } },
      { translations: { en: { title: 'Only a title' } } },
      { title: 'Old shape', body: 'No translations' },
    ]) {
      const refused = await http.post('admin/notice/create', body, { headers: support.headers, lang: 'de' });
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().message).not.toBe('');
    }
    expect((await http.get('notice/list', { headers: member.headers })).json().data.total).toBe(before);
  });
});
