import { ipoAdminApi, ipoApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { IpoAdmin } from './admin.ts';
import type { IpoService } from './service.ts';

/** IPOs (docs/api.md, IPOs): offers for everyone, subscriptions per member, the operators' calls. */
export const ipoRoutes: FastifyPluginAsync<{ ipo: IpoService; admin: IpoAdmin }> = async (app, { ipo, admin }) => {
  route(app, ipoApi.list, (request) => ipo.list(request.query, request.lang));
  route(app, ipoApi.detail, (request) => ipo.detail(request.query.id, request.lang));
  route(app, ipoApi.allotment, (request) => ipo.allotment(request.query.id));
  route(app, ipoApi.subscribe, (request, { member, claim }) => ipo.subscribe(member.userId, request.body, claim));
  route(app, ipoApi.update, (request, { member, claim }) => ipo.update(member.userId, request.body, claim));
  route(app, ipoApi.cancel, (request, { member, claim }) => ipo.cancel(member.userId, request.body.id, claim));
  route(app, ipoApi.reconfirm, (request, { member, claim }) => ipo.reconfirm(member.userId, request.body, claim));
  route(app, ipoApi.subscriptions, (request, { member }) => ipo.subscriptions(member.userId, request.query));

  route(app, ipoAdminApi.list, (request) => admin.list(request.query));
  route(app, ipoAdminApi.create, (request, { actor }) => admin.create(actor, request.body));
  route(app, ipoAdminApi.update, (request, { actor }) => {
    const { id, ...input } = request.body;
    return admin.update(actor, id, input);
  });
  route(app, ipoAdminApi.price, (request, { actor }) => admin.price(actor, request.body.id, request.body.finalPrice));
  route(app, ipoAdminApi.allot, (request, { actor }) => admin.allot(actor, request.body.id));
  route(app, ipoAdminApi.subscriptions, async (request, { actor }) =>
    app.claims.annotatePage('ipo_subscription', await admin.subscriptions(request.query), actor.operatorId),
  );
  route(app, ipoAdminApi.review, async (request, { actor }) =>
    app.claims.annotateOne(
      'ipo_subscription',
      await admin.review(actor, request.body.id, request.body.allottedLots),
      actor.operatorId,
    ),
  );
};
