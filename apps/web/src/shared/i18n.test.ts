import { catalogs, flattenKeys } from '@soar/i18n';
import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from './i18n.ts';

describe('i18n', () => {
  it("ships the frame's English texts in the first load", () => {
    expect(i18n.t('tabbar.markets', { lng: 'en' })).toBe('Markets');
    expect(i18n.t('shell.confirm', { lng: 'en' })).toBe('OK');
  });

  it('has the English catalog of @soar/i18n once English is applied, but the texts of the update prompt', async () => {
    await applyLanguage('en');
    const { installable, ...atStart } = catalogs.en;
    const keys = flattenKeys(atStart);
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) expect(i18n.t(key, { lng: 'en' }), key).not.toBe(key);
    expect(i18n.getResourceBundle('en', 'translation')).toEqual(atStart);
    // They load with the prompt (app/installable/update-prompt.ts).
    expect(flattenKeys({ installable: installable ?? {} })).toContain('installable.update.message');
    expect(i18n.exists('installable.update.message', { lng: 'en' })).toBe(false);
  });

  it('loads another language on demand and sets <html lang>', async () => {
    await applyLanguage('de');
    expect(i18n.t('tabbar.markets')).toBe('Märkte');
    expect(document.documentElement.lang).toBe('de');
    await applyLanguage('zh-CN');
    expect(i18n.t('shell.confirm')).toBe('确定');
    await applyLanguage('en');
    expect(i18n.t('shell.confirm')).toBe('OK');
  });

  it('keeps the last choice when two changes overlap', async () => {
    await Promise.all([applyLanguage('fr'), applyLanguage('ja')]);
    expect(i18n.language).toBe('ja');
    await applyLanguage('en');
  });
});
