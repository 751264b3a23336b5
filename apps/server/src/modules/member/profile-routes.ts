import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../lib/envelope.ts';
import { memberOf } from '../../plugins/auth.ts';
import { changePassword, setPayPasswordWithCode } from './accounts.ts';
import type { MemberRoutesOptions } from './options.ts';
import { profileOf } from './profile.ts';

export const profileRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const security = [{ bearer: [] }];

  app.get(
    memberApi.profile.path,
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in member with balances',
        response: { 200: memberApi.profile.response },
      },
      onRequest: app.requireMember,
    },
    async (request) => success(await profileOf(db, memberOf(request).userId)),
  );

  app.post(
    memberApi.passwordChange.path,
    {
      schema: {
        tags,
        security,
        summary: 'Change the login password; other devices are signed out',
        body: memberApi.passwordChange.body,
        response: { 200: memberApi.passwordChange.response },
      },
      onRequest: app.requireMember,
    },
    async (request) => {
      await changePassword(db, memberOf(request), request.body);
      return success(null);
    },
  );

  app.post(
    memberApi.payPasswordSet.path,
    {
      schema: {
        tags,
        security,
        summary: 'Set the pay password with a paypwd code',
        body: memberApi.payPasswordSet.body,
        response: { 200: memberApi.payPasswordSet.response },
      },
      onRequest: app.requireMember,
    },
    async (request) => {
      await setPayPasswordWithCode(db, memberOf(request).userId, request.body);
      return success(null);
    },
  );
};
