import { legacyApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { bearerToken } from '../../lib/tokens.ts';
import { accountRateLimits, clientOf, login, userInfoOf } from '../member/index.ts';
import { aggregateStat, isLogged, refreshToken } from './service.ts';

/** The older client's calls (docs/api.md, Legacy), answered from the same accounts as member/*. */
export const legacyRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  const config = { rateLimit: accountRateLimits.login };

  route(app, legacyApi.aggregateStat, () => aggregateStat(db));
  route(app, legacyApi.user, (_request, { member }) => userInfoOf(db, member.userId));
  route(
    app,
    legacyApi.login,
    (request) => login(db, { username: request.body.username }, request.body.password, clientOf(request)),
    { config },
  );
  route(
    app,
    legacyApi.refresh,
    (request) => {
      const token = request.body?.token ?? request.query.token ?? bearerToken(request.headers.authorization);
      return refreshToken(db, token, clientOf(request));
    },
    { config },
  );
  route(
    app,
    legacyApi.checkLogged,
    async (request) => {
      const token = request.query.token ?? bearerToken(request.headers.authorization);
      return { logged: await isLogged(db, token) };
    },
    // The older client asks on every start: the general limit (RATE_LIMIT_MAX a minute) applies.
    { config: { rateLimit: {} } },
  );
};
