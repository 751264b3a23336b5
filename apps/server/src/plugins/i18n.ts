import { type LanguageKey, resolveLanguage } from '@soar/contract';
import { translate } from '@soar/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    lang: LanguageKey;
  }
}

/** Every request carries its language (`x-soar-lang`, unknown -> en). */
export const i18nPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = resolveLanguage(request.headers['x-soar-lang']);
  });
});

export function t(request: FastifyRequest, key: string, params?: Record<string, string | number>) {
  return translate(request.lang, key, params);
}
