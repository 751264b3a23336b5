import type { documentNames, LanguageKey } from '@soar/contract';
import { translate } from '@soar/i18n';

/**
 * The product's own documents for the web view (docs/identity.md), kept as messages of
 * @soar/i18n (`document.<name>.title|body`, paragraphs split by a blank line) so every language
 * has each one and a test checks they are all there.
 */
export function productDocument(lang: LanguageKey, name: (typeof documentNames)[number]) {
  return {
    name,
    title: translate(lang, `document.${name}.title`),
    paragraphs: translate(lang, `document.${name}.body`)
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
  };
}
