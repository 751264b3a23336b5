import { operatorApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { accountRateLimits, clientOf } from '../member/index.ts';
import { auditRateLimitedLogin, operatorLogin, operatorLogout } from './auth-service.ts';
import type { OperatorAccount } from './operator-account.ts';

/** Back-office sign-in: operator tokens open only operator calls (docs/architecture.md). */
export const adminAuthRoutes: FastifyPluginAsync<{ db: Database; account: OperatorAccount }> = async (
  app,
  { db, account },
) => {
  const totpRequired = app.config.requireOperatorTotp ?? false;
  route(
    app,
    operatorApi.login,
    async (request) => ({
      ...(await operatorLogin(db, request.body.username, request.body.password, clientOf(request), request.body.code)),
      totpRequired,
    }),
    {
      config: {
        rateLimit: {
          ...accountRateLimits.login,
          onExceeded: (request) => {
            auditRateLimitedLogin(db, clientOf(request))?.catch((error: unknown) =>
              request.log.error({ err: error }, 'could not audit a rate-limited sign-in'),
            );
          },
        },
      },
    },
  );
  route(app, operatorApi.me, (_request, { operator }) => account.me(operator.operatorId));
  route(app, operatorApi.logout, async (request, { operator }) => {
    await operatorLogout(db, operator, request.ip);
    app.bus.emit('operatorSessions', { operatorId: operator.operatorId });
    return null;
  });
};
