import { legacyApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { success } from '../../lib/envelope.ts';
import { bearerToken } from '../../lib/tokens.ts';
import { memberOf } from '../../plugins/auth.ts';
import { login } from '../member/accounts.ts';
import { accountRateLimits } from '../member/options.ts';
import { userInfoOf } from '../member/profile.ts';
import { clientOf } from '../member/sessions.ts';
import { aggregateStat, isLogged, refreshToken } from './service.ts';

/** The older client's calls (SPEC section 7), answered from the same accounts as member/*. */
export const legacyRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const tags = ['legacy'];
  const security = [{ bearer: [] }];

  app.get(
    legacyApi.aggregateStat.path,
    {
      schema: {
        tags,
        summary: 'Public counts: members, markets, currencies, languages',
        response: { 200: legacyApi.aggregateStat.response },
      },
    },
    async () => success(await aggregateStat(db)),
  );

  app.get(
    legacyApi.user.path,
    {
      schema: { tags, security, summary: 'The signed-in user', response: { 200: legacyApi.user.response } },
      onRequest: app.requireMember,
    },
    async (request) => success(await userInfoOf(db, memberOf(request).userId)),
  );

  app.post(
    legacyApi.login.path,
    {
      schema: {
        tags,
        summary: 'Log in with mail or phone as username',
        body: legacyApi.login.body,
        response: { 200: legacyApi.login.response },
      },
      config: { rateLimit: accountRateLimits.login },
    },
    async (request) =>
      success(await login(db, { username: request.body.username }, request.body.password, clientOf(request))),
  );

  app.put(
    legacyApi.refresh.path,
    {
      schema: {
        tags,
        security,
        summary: 'Refresh: a new token for a live one (header, body or query token), the old one ends',
        body: legacyApi.refresh.body,
        querystring: legacyApi.refresh.querystring,
        response: { 200: legacyApi.refresh.response },
      },
      config: { rateLimit: accountRateLimits.login },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token ?? bearerToken(request.headers.authorization);
      return success(await refreshToken(db, token, clientOf(request)));
    },
  );

  app.get(
    legacyApi.checkLogged.path,
    {
      schema: {
        tags,
        summary: 'Whether a token is live (never whose)',
        querystring: legacyApi.checkLogged.querystring,
        response: { 200: legacyApi.checkLogged.response },
      },
      // The older client asks on every start: the general limit (RATE_LIMIT_MAX a minute) applies.
      config: { rateLimit: {} },
    },
    async (request) => {
      const token = request.query.token ?? bearerToken(request.headers.authorization);
      return success({ logged: await isLogged(db, token) });
    },
  );
};
