import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../lib/envelope.ts';
import { memberOf } from '../../plugins/auth.ts';
import { login } from './accounts.ts';
import { accountRateLimits, type MemberRoutesOptions } from './options.ts';
import { clientOf, listSessions, revokeAllSessions, revokeSession } from './sessions.ts';

export const sessionRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const security = [{ bearer: [] }];
  const config = { rateLimit: accountRateLimits.login };

  app.post(
    memberApi.login.path,
    {
      schema: {
        tags,
        summary: 'Log in by mail',
        body: memberApi.login.body,
        response: { 200: memberApi.login.response },
      },
      config,
    },
    async (request) => success(await login(db, { mail: request.body.mail }, request.body.password, clientOf(request))),
  );

  app.post(
    memberApi.phoneLogin.path,
    {
      schema: {
        tags,
        summary: 'Log in by phone',
        body: memberApi.phoneLogin.body,
        response: { 200: memberApi.phoneLogin.response },
      },
      config,
    },
    async (request) => {
      const { phone, areaCode, password } = request.body;
      return success(await login(db, { phone, areaCode }, password, clientOf(request)));
    },
  );

  app.post(
    memberApi.logout.path,
    {
      schema: { tags, security, summary: 'End this session', response: { 200: memberApi.logout.response } },
      onRequest: app.requireMember,
    },
    async (request) => {
      const member = memberOf(request);
      await revokeSession(db, member.userId, member.sessionId);
      return success(null);
    },
  );

  app.get(
    memberApi.sessionList.path,
    {
      schema: {
        tags,
        security,
        summary: 'Signed-in devices and the latest login attempts',
        response: { 200: memberApi.sessionList.response },
      },
      onRequest: app.requireMember,
    },
    async (request) => {
      const member = memberOf(request);
      return success(await listSessions(db, member.userId, member.sessionId));
    },
  );

  app.post(
    memberApi.sessionRevoke.path,
    {
      schema: {
        tags,
        security,
        summary: 'Sign one of your devices out (404 for any other id)',
        body: memberApi.sessionRevoke.body,
        response: { 200: memberApi.sessionRevoke.response },
      },
      onRequest: app.requireMember,
    },
    async (request) => success({ revoked: await revokeSession(db, memberOf(request).userId, request.body.id) }),
  );

  app.post(
    memberApi.sessionRevokeAll.path,
    {
      schema: {
        tags,
        security,
        summary: 'Sign out everywhere, this device included',
        response: { 200: memberApi.sessionRevokeAll.response },
      },
      onRequest: app.requireMember,
    },
    async (request) => success({ revoked: await revokeAllSessions(db, memberOf(request).userId) }),
  );
};
