import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { announceWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { route } from '../../lib/route.ts';
import { register, resetPassword, sendCode } from './accounts.ts';
import { accountRateLimits, type MemberRoutesOptions } from './options.ts';
import { clientOf } from './sessions.ts';

export const registerRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, { db, sender }) => {
  const deps = { db, sender, log: app.log };

  route(
    app,
    memberApi.codeSend,
    (request) => sendCode(deps, request.body, { lang: request.lang, userId: request.member?.userId }),
    {
      config: { rateLimit: accountRateLimits.codeSend },
      // Scene paypwd sends to the signed-in account's own mail or phone: it needs the token.
      preHandler: async (request) => {
        if ((request.body as { scene?: string }).scene === 'paypwd') await app.requireMember(request);
      },
    },
  );
  route(app, memberApi.register, (request) => register(deps, request.body, clientOf(request)), {
    config: { rateLimit: accountRateLimits.register },
  });
  route(
    app,
    memberApi.passwordReset,
    async (request) => {
      // Holds run on the app's clock, as the withdrawals they delay (tests move it).
      const hold = await resetPassword(deps, request.body, new Date(app.jobs.clock()));
      app.bus.emit('sessions', { userId: hold.userId });
      announceWithdrawalHold({ db, mailer: sender, bus: app.bus, log: app.log }, hold, request.lang);
      return null;
    },
    { config: { rateLimit: accountRateLimits.register } },
  );
};
