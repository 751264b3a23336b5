import type { LanguageKey } from '@soar/contract';
import { hasMessage, translate } from '@soar/i18n';
import { type DecimalsOf, readableParams } from '../../lib/readable-params.ts';

/**
 * A notice's title and body in the reader's language, money at its currency's decimals. A notice
 * about one side of a trade (`direction` buy or sell) reads the texts of that side,
 * `notice.<kind>.<direction>`, so it says bought, sold short, sold to close or bought to cover;
 * one stored before it named its side reads the kind's own texts.
 */
export function noticeTexts(lang: LanguageKey, kind: string, params: Record<string, unknown>, decimalsOf: DecimalsOf) {
  const shown = readableParams(lang, params, decimalsOf);
  const side = typeof params.direction === 'string' ? `notice.${kind}.${params.direction}` : undefined;
  const key = side && hasMessage(`${side}.title`) ? side : `notice.${kind}`;
  return { title: translate(lang, `${key}.title`, shown), body: translate(lang, `${key}.body`, shown) };
}
