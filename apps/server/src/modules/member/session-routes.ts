import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { announceWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { route } from '../../lib/route.ts';
import { loginByPassword } from './accounts.ts';
import { accountRateLimits, type MemberRoutesOptions } from './options.ts';
import { clientOf, listSessions, revokeAllSessions, revokeSession } from './sessions.ts';
import { completeLoginChallenge, confirmTotp, disableTotp, enrolTotp } from './two-step.ts';

export const sessionRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, { db, sender }) => {
  const config = { rateLimit: accountRateLimits.login };

  route(
    app,
    memberApi.login,
    (request) => loginByPassword(db, { mail: request.body.mail }, request.body.password, clientOf(request)),
    {
      config,
    },
  );
  route(
    app,
    memberApi.phoneLogin,
    (request) => {
      const { phone, areaCode, password } = request.body;
      return loginByPassword(db, { phone, areaCode }, password, clientOf(request));
    },
    { config },
  );
  route(app, memberApi.secondFactor, (request) => completeLoginChallenge(db, request.body, clientOf(request)), {
    config,
  });
  route(app, memberApi.totpEnrol, (_request, { member }) =>
    enrolTotp(db, member.userId, app.settings.snapshot.base.productName),
  );
  route(
    app,
    memberApi.totpConfirm,
    (request, { member }) => confirmTotp(db, member.userId, request.body.code, clientOf(request)),
    { config },
  );
  route(
    app,
    memberApi.totpDisable,
    async (request, { member }) => {
      const hold = await disableTotp(db, member.userId, request.body, clientOf(request), new Date(app.jobs.clock()));
      announceWithdrawalHold({ db, mailer: sender, bus: app.bus, log: app.log }, hold, request.lang);
      return null;
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
