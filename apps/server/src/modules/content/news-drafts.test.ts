import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createMember, createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let editor: { headers: Record<string, string> };
let member: { headers: Record<string, string> };
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  editor = await createOperator(t.app, { role: 'support' });
  member = await createMember(t.app);
});
afterAll(() => t.close());

const draft = {
  slug: 'quarterly-outlook-draft',
  category: 'markets',
  symbols: ['MSFT'],
  publishedAt: '2026-01-05T08:00:00Z',
  draft: true,
  translations: {
    en: { title: 'Zephyr quarterly outlook', summary: 'Still being written.', body: 'Draft text.' },
    fr: { title: 'Perspectives trimestrielles Zephyr', summary: 'En cours.', body: 'Brouillon.' },
  },
};

async function memberSees(id: number) {
  const list = (await http.get('news/list?pageSize=100', { headers: member.headers })).json().data.list;
  const bySymbol = (await http.get('news/list?symbol=MSFT&pageSize=100', { headers: member.headers })).json().data.list;
  const detail = await http.get(`news/detail?id=${id}`, { headers: member.headers });
  const search = (await http.get('search?q=zephyr', { headers: member.headers })).json().data.news;
  const ids = (items: { id: number }[]) => items.map((item) => item.id);
  return {
    list: ids(list).includes(id),
    bySymbol: ids(bySymbol).includes(id),
    detail: detail.statusCode,
    search: ids(search).includes(id),
  };
}

describe('news drafts', () => {
  it('a draft never reaches members; published it takes the time now; unpublished it is gone again', async () => {
    const created = await http.post('admin/news/create', draft, { headers: editor.headers });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ draft: true, unpublishedAt: null });
    expect(await memberSees(id)).toEqual({ list: false, bySymbol: false, detail: 404, search: false });

    // The operator finds it among the drafts only, and edits it: still a draft.
    const drafts = (await http.get('admin/news/list?state=draft', { headers: editor.headers })).json().data.list;
    expect(drafts.map((row: { id: number }) => row.id)).toEqual([id]);
    const published = (await http.get('admin/news/list?state=published&pageSize=100', { headers: editor.headers }))
      .json()
      .data.list.map((row: { id: number }) => row.id);
    expect(published).not.toContain(id);
    const edited = await http.post(
      'admin/news/update',
      { id, translations: { ...draft.translations, en: { ...draft.translations.en, body: 'Finished text.' } } },
      { headers: editor.headers },
    );
    expect(edited.json().data).toMatchObject({ draft: true, symbols: ['MSFT'] });
    expect(await memberSees(id)).toEqual({ list: false, bySymbol: false, detail: 404, search: false });

    const before = Date.now();
    const out = await http.post('admin/news/publish', { id }, { headers: editor.headers });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data).toMatchObject({ draft: false, unpublishedAt: null });
    expect(Date.parse(out.json().data.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await memberSees(id)).toEqual({ list: true, bySymbol: true, detail: 200, search: true });
    const french = await http.get(`news/detail?id=${id}`, { headers: member.headers, lang: 'fr' });
    expect(french.json().data).toMatchObject({ title: 'Perspectives trimestrielles Zephyr', language: 'fr' });

    await http.post('admin/news/unpublish', { id }, { headers: editor.headers });
    expect(await memberSees(id)).toEqual({ list: false, bySymbol: false, detail: 404, search: false });

    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'news'));
    expect(actions.map((row) => row.action)).toEqual(['news.draft', 'news.update', 'news.publish', 'news.unpublish']);
  });

  it('an article created without `draft` is published at once, as before', async () => {
    const { draft: _draft, ...body } = { ...draft, slug: 'published-at-once' };
    const created = await http.post('admin/news/create', body, { headers: editor.headers });
    expect(created.json().data).toMatchObject({ draft: false, publishedAt: '2026-01-05T08:00:00.000Z' });
    expect((await memberSees(created.json().data.id)).detail).toBe(200);
  });

  it('an update cannot turn an article back into a draft', async () => {
    const created = await http.post(
      'admin/news/create',
      { ...draft, slug: 'no-redraft', draft: false },
      { headers: editor.headers },
    );
    const id = created.json().data.id;
    const refused = await http.post('admin/news/update', { id, draft: true }, { headers: editor.headers });
    expect(refused.statusCode).toBe(422);
  });
});
