/** Interface languages (docs/product.md section 1). `en` is the default and the fallback. */
export const languageKeys = ['en', 'de', 'es', 'fr', 'it', 'ja', 'zh-CN'] as const;
export type LanguageKey = (typeof languageKeys)[number];
export const defaultLanguage: LanguageKey = 'en';

export function isLanguageKey(value: unknown): value is LanguageKey {
  return typeof value === 'string' && (languageKeys as readonly string[]).includes(value);
}

/** The `x-soar-lang` header value, or the fallback for anything unknown. */
export function resolveLanguage(value: unknown): LanguageKey {
  return isLanguageKey(value) ? value : defaultLanguage;
}
