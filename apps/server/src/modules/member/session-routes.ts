import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import { login } from './accounts.ts';
import { accountRateLimits, type MemberRoutesOptions } from './options.ts';
import { clientOf, listSessions, revokeAllSessions, revokeSession } from './sessions.ts';

export const sessionRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, { db }) => {
  const config = { rateLimit: accountRateLimits.login };

  route(
    app,
    memberApi.login,
    (request) => login(db, { mail: request.body.mail }, request.body.password, clientOf(request)),
    {
      config,
    },
  );
  route(
    app,
    memberApi.phoneLogin,
    (request) => {
      const { phone, areaCode, password } = request.body;
      return login(db, { phone, areaCode }, password, clientOf(request));
    },
    { config },
  );
  route(app, memberApi.logout, async (_request, { member }) => {
    await revokeSession(db, member.userId, member.sessionId);
    app.bus.emit('sessions', { userId: member.userId });
    return null;
  });
  route(app, memberApi.sessionList, (_request, { member }) => listSessions(db, member.userId, member.sessionId));
  route(app, memberApi.sessionRevoke, async (request, { member }) => {
    const revoked = await revokeSession(db, member.userId, request.body.id);
    app.bus.emit('sessions', { userId: member.userId });
    return { revoked };
  });
  route(app, memberApi.sessionRevokeAll, async (_request, { member }) => {
    const revoked = await revokeAllSessions(db, member.userId);
    app.bus.emit('sessions', { userId: member.userId });
    return { revoked };
  });
};
