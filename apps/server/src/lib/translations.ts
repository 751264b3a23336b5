import type { LanguageKey } from '@soar/contract';

/**
 * Operator text in the reader's language (docs/admin.md, Content): the entry written in `lang`, else
 * English, with the language answered and whether it fell back. `others` holds the languages other
 * than English; `english` is the English entry (kept in its own columns).
 */
export function translated<T>(english: T, others: Partial<Record<string, T>>, lang: LanguageKey) {
  const own = lang === 'en' ? undefined : others[lang];
  if (own) return { text: own, language: lang, fallback: false };
  return { text: english, language: 'en' as const, fallback: lang !== 'en' };
}

/** Every language written, English first: what operators edit. */
export function allTranslations<T>(english: T, others: Partial<Record<string, T>>) {
  const { en: _english, ...rest } = others;
  return { en: english, ...rest } as { en: T } & Partial<Record<LanguageKey, T>>;
}

/** Splits an operator's `translations` into the English entry and the rest (stored apart). */
export function splitTranslations<T>(translations: { en: T } & Partial<Record<string, T | undefined>>) {
  const { en, ...rest } = translations;
  const others = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, T] => entry[1] !== undefined),
  );
  return { english: en, others };
}
