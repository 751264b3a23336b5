import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../lib/envelope.ts';
import { register, resetPassword, sendCode } from './accounts.ts';
import { accountRateLimits, type MemberRoutesOptions } from './options.ts';
import { clientOf } from './sessions.ts';

export const registerRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (plugin, { db, sender }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const deps = { db, sender, log: app.log };

  const { codeSend } = memberApi;
  app.post(
    codeSend.path,
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code (scene paypwd: to the signed-in account, needs the token)',
        body: codeSend.body,
        response: { 200: codeSend.response },
      },
      config: { rateLimit: accountRateLimits.codeSend },
      preHandler: async (request) => {
        if (request.body.scene === 'paypwd') await app.requireMember(request);
      },
    },
    async (request) =>
      success(await sendCode(deps, request.body, { lang: request.lang, userId: request.member?.userId })),
  );

  app.post(
    memberApi.register.path,
    {
      schema: {
        tags,
        summary: 'Register by mail or phone with a register code; answers like login',
        body: memberApi.register.body,
        response: { 200: memberApi.register.response },
      },
      config: { rateLimit: accountRateLimits.register },
    },
    async (request) => success(await register(deps, request.body, clientOf(request))),
  );

  app.post(
    memberApi.passwordReset.path,
    {
      schema: {
        tags,
        summary: 'Set a new password with a resetpwd code; ends every session of the account',
        body: memberApi.passwordReset.body,
        response: { 200: memberApi.passwordReset.response },
      },
      config: { rateLimit: accountRateLimits.register },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return success(null);
    },
  );
};
