import { settingsApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { SerialisedSettings, SettingsService } from './service.ts';

/**
 * The answers are serialised once per refresh (settings.test.ts checks them against the
 * contract), so these routes send them as they are.
 */
export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (app, { settings }) => {
  const tags = ['settings'];
  const routes: [keyof typeof settingsApi, keyof SerialisedSettings][] = [
    ['languageList', 'languages'],
    ['marketList', 'markets'],
    ['currencyList', 'currencies'],
    ['baseSetting', 'base'],
  ];
  for (const [call, answer] of routes) {
    const { path, summary, response } = settingsApi[call];
    app.get(path, { schema: { tags, summary, response: { 200: response } } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(settings.serialised[answer]),
    );
  }

  // The CSP allows scripts from this origin only, so the operator's custom script is served as a
  // file the client loads with <script src>, never injected inline (docs/product.md section 4, step 5).
  app.get(
    '/base/custom.js',
    { schema: { tags, summary: 'The custom script of the base settings, as JavaScript' } },
    async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(settings.snapshot.base.custom),
  );
};
