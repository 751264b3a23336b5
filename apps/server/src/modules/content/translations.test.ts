import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { applyLoan, ipoOfferInput, productInput } from '../../test/products.ts';
import { createOperator, type Headers } from '../../test/wallet.ts';

// Operator text per language (docs/admin.md, Content): banners, IPO descriptions, loan product names.
let t: TestApp;
let http: ReturnType<typeof api>;
let support: { headers: Headers };
let trading: { headers: Headers };
let finance: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp({}, { jobs: { clock: () => Date.parse('2026-11-17T15:00:00Z') } });
  http = api(t.app);
  [support, trading, finance] = await Promise.all([
    createOperator(t.app, { role: 'support' }),
    createOperator(t.app, { role: 'trading' }),
    createOperator(t.app, { role: 'finance' }),
  ]);
});
afterAll(() => t.close());

const nul = String.fromCharCode(0);

describe('banners per language', () => {
  it('answer German to a German reader and English, marked, to a Japanese one', async () => {
    const created = await http.post(
      'admin/banner/create',
      {
        translations: {
          en: { title: 'Bond week', text: 'New bonds every day' },
          de: { title: 'Anleihenwoche', text: 'Jeden Tag neue Anleihen' },
        },
        style: 1,
        sort: 0,
      },
      { headers: support.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const find = async (lang: string) =>
      (await http.get('banner/list', { lang })).json().data.find((row: { id: number }) => row.id === id);
    expect(await find('de')).toMatchObject({ title: 'Anleihenwoche', language: 'de', fallback: false });
    expect(await find('ja')).toMatchObject({
      title: 'Bond week',
      text: 'New bonds every day',
      language: 'en',
      fallback: true,
    });
    expect(await find('en')).toMatchObject({ title: 'Bond week', language: 'en', fallback: false });
  });

  it('refuse an unknown language key and a NUL byte', async () => {
    for (const translations of [
      { en: { title: 'x', text: 'y' }, xx: { title: 'x', text: 'y' } },
      { en: { title: 'x', text: 'y' }, de: { title: `a${nul}b`, text: 'y' } },
      { en: { title: 'x', text: 'y', extra: 'z' } },
    ]) {
      const response = await http.post('admin/banner/create', { translations, style: 0 }, { headers: support.headers });
      expect(response.statusCode, JSON.stringify(translations)).toBe(422);
    }
  });
});

describe('IPO descriptions per language', () => {
  it('answer the description in the reader’s language, English marked as a fallback, every language to operators', async () => {
    const created = await http.post(
      'admin/ipo/offer/create',
      ipoOfferInput('TRANS', {
        translations: {
          en: { description: 'Solar panels for flat roofs.' },
          de: { description: 'Solarmodule für Flachdächer.' },
        },
      }),
      { headers: trading.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    const offer = created.json().data;
    expect(offer).toMatchObject({
      description: 'Solar panels for flat roofs.',
      translations: {
        en: { description: 'Solar panels for flat roofs.' },
        de: { description: 'Solarmodule für Flachdächer.' },
      },
    });
    const german = await http.get(`ipo/detail?id=${offer.id}`, { lang: 'de' });
    expect(german.json().data).toMatchObject({
      description: 'Solarmodule für Flachdächer.',
      language: 'de',
      fallback: false,
    });
    const japanese = await http.get(`ipo/detail?id=${offer.id}`, { lang: 'ja' });
    expect(japanese.json().data).toMatchObject({
      description: 'Solar panels for flat roofs.',
      language: 'en',
      fallback: true,
    });
    const listed = (await http.get('ipo/list', { lang: 'de' })).json().data.list;
    expect(listed.find((row: { id: number }) => row.id === offer.id).description).toBe('Solarmodule für Flachdächer.');

    // A change of the English text alone keeps the translations; `translations` replaces them all
    const english = await http.post(
      'admin/ipo/offer/update',
      { id: offer.id, description: 'Solar panels for every roof.' },
      { headers: trading.headers },
    );
    expect(english.json().data.translations).toEqual({
      en: { description: 'Solar panels for every roof.' },
      de: { description: 'Solarmodule für Flachdächer.' },
    });
    const replaced = await http.post(
      'admin/ipo/offer/update',
      { id: offer.id, translations: { en: { description: 'Roofs.' }, ja: { description: '屋根。' } } },
      { headers: trading.headers },
    );
    expect(replaced.json().data.translations).toEqual({ en: { description: 'Roofs.' }, ja: { description: '屋根。' } });
    expect((await http.get(`ipo/detail?id=${offer.id}`, { lang: 'de' })).json().data).toMatchObject({
      description: 'Roofs.',
      fallback: true,
    });
  });

  it('refuse an unknown language key, a NUL byte and a missing English text', async () => {
    for (const translations of [
      { en: { description: 'x' }, klingon: { description: 'y' } },
      { en: { description: `x${nul}` } },
      { de: { description: 'nur Deutsch' } },
    ]) {
      const response = await http.post('admin/ipo/offer/create', ipoOfferInput('TBAD', { translations }), {
        headers: trading.headers,
      });
      expect(response.statusCode, JSON.stringify(translations)).toBe(422);
    }
  });
});

describe('loan product names per language', () => {
  it('answer the name in the reader’s language, English marked as a fallback', async () => {
    const { name: _name, ...terms } = productInput;
    const created = await http.post(
      'admin/loan/product/create',
      {
        ...terms,
        translations: { en: { name: 'Bridge loan' }, de: { name: 'Überbrückungskredit' } },
      },
      { headers: finance.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().data;
    expect(product).toMatchObject({
      name: 'Bridge loan',
      translations: { en: { name: 'Bridge loan' }, de: { name: 'Überbrückungskredit' } },
    });
    const find = async (lang: string) =>
      (await http.get('loan/product/list', { lang }))
        .json()
        .data.list.find((row: { id: number }) => row.id === product.id);
    expect(await find('de')).toMatchObject({ name: 'Überbrückungskredit', language: 'de', fallback: false });
    expect(await find('ja')).toMatchObject({ name: 'Bridge loan', language: 'en', fallback: true });
    expect(await find('en')).toMatchObject({ name: 'Bridge loan', language: 'en', fallback: false });

    // A loan applied for keeps the names written then: the member's records speak their language.
    const member = await createMember(t.app);
    const applied = await applyLoan(t.app, member, product.id, productInput.minAmount);
    expect(applied.statusCode, applied.body).toBe(200);
    const loanId = applied.json().data.id;
    const loanName = async (lang: string) => ({
      listed: (await http.get('loan/list', { lang, headers: member.headers })).json().data.list[0].name,
      detail: (await http.get('loan/detail', { lang, headers: member.headers, query: { id: String(loanId) } })).json()
        .data.name,
    });
    expect(await loanName('de')).toEqual({ listed: 'Überbrückungskredit', detail: 'Überbrückungskredit' });
    expect(await loanName('ja')).toEqual({ listed: 'Bridge loan', detail: 'Bridge loan' });
  });

  it('refuse an unknown language key, a NUL byte, and neither a name nor translations', async () => {
    const { name: _name, ...terms } = productInput;
    for (const body of [
      { ...terms, translations: { en: { name: 'x' }, 'en-GB': { name: 'y' } } },
      { ...terms, translations: { en: { name: 'x' }, fr: { name: `y${nul}` } } },
      terms,
    ]) {
      const response = await http.post('admin/loan/product/create', body, { headers: finance.headers });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const german = await http.post('admin/loan/product/create', terms, {
      headers: { ...finance.headers, 'x-soar-lang': 'de' },
    });
    expect(german.json()).toEqual({ code: 'VALIDATION_FAILED', message: ['Name ist erforderlich'] });
  });
});
