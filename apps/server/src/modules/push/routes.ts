import { pushApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PushService } from './service.ts';

export const pushRoutes: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  route(app, pushApi.key, async () => ({ publicKey: push.publicKey }));
  route(app, pushApi.subscribe, async (request, { member }) => {
    await push.subscribe(member.userId, member.sessionId, request.body, request.lang);
    return { subscribed: true as const };
  });
  route(app, pushApi.unsubscribe, async (request, { member }) => {
    await push.unsubscribe(member.userId, request.body.endpoint);
    return { subscribed: false as const };
  });
};
