import { alertApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { AlertService } from './service.ts';

export const alertRoutes: FastifyPluginAsync<{ alerts: AlertService }> = async (app, { alerts }) => {
  route(app, alertApi.list, async (request, { member }) => alerts.list(member.userId, request.query.symbol));
  route(app, alertApi.create, async (request, { member }) => alerts.create(member.userId, request.body));
  route(app, alertApi.update, async (request, { member }) => alerts.update(member.userId, request.body));
  route(app, alertApi.delete, async (request, { member }) => {
    await alerts.delete(member.userId, request.body.id);
    return { deleted: true as const };
  });
  route(app, alertApi.history, async (request, { member }) => alerts.history(member.userId, request.query));
};
