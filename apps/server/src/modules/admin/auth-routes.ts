import { operatorApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { accountRateLimits } from '../member/options.ts';
import { clientOf } from '../member/sessions.ts';
import { operatorLogin, operatorLogout } from './auth-service.ts';

/** Back-office sign-in: operator tokens open only operator calls (docs/architecture.md). */
export const adminAuthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  route(
    app,
    operatorApi.login,
    (request) => operatorLogin(db, request.body.username, request.body.password, clientOf(request)),
    { config: { rateLimit: accountRateLimits.login } },
  );
  route(app, operatorApi.me, (_request, { operator }) => ({
    id: operator.operatorId,
    username: operator.username,
    role: operator.role,
  }));
  route(app, operatorApi.logout, async (_request, { operator }) => {
    await operatorLogout(db, operator.sessionId);
    return null;
  });
};
