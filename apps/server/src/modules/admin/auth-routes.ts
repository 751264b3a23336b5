import { operatorApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { success } from '../../lib/envelope.ts';
import { operatorOf } from '../../plugins/auth.ts';
import { accountRateLimits } from '../member/options.ts';
import { clientOf } from '../member/sessions.ts';
import { operatorLogin, operatorLogout } from './auth-service.ts';

/** Back-office sign-in: operator tokens open only operator calls (DESIGN section 7). */
export const adminAuthRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.post(
    operatorApi.login.path,
    {
      schema: {
        tags,
        summary: 'Operator login',
        body: operatorApi.login.body,
        response: { 200: operatorApi.login.response },
      },
      config: { rateLimit: accountRateLimits.login },
    },
    async (request) =>
      success(await operatorLogin(db, request.body.username, request.body.password, clientOf(request))),
  );

  app.get(
    operatorApi.me.path,
    {
      schema: { tags, security, summary: 'The signed-in operator', response: { 200: operatorApi.me.response } },
      onRequest: app.requireOperator,
    },
    async (request) => {
      const { operatorId, username, role } = operatorOf(request);
      return success({ id: operatorId, username, role });
    },
  );

  app.post(
    operatorApi.logout.path,
    {
      schema: { tags, security, summary: 'End this operator session', response: { 200: operatorApi.logout.response } },
      onRequest: app.requireOperator,
    },
    async (request) => {
      await operatorLogout(db, operatorOf(request).sessionId);
      return success(null);
    },
  );
};
