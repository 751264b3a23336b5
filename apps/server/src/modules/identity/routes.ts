import {
  documentApi,
  kycAdminApi,
  kycApi,
  noticeAdminApi,
  noticeApi,
  supportAdminApi,
  supportApi,
} from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import { productDocument } from './documents.ts';
import type { InboxService } from './inbox.ts';
import type { KycService } from './kyc.ts';
import type { SupportService } from './support.ts';

export type IdentityServices = { kyc: KycService; inbox: InboxService; support: SupportService };

/** KYC, the inbox, support chat and the product documents (docs/identity.md). */
export const identityRoutes: FastifyPluginAsync<IdentityServices> = async (app, { kyc, inbox, support }) => {
  route(app, kycApi.info, (_request, { member }) => kyc.info(member.userId));
  route(app, kycApi.submit, (request, { member }) => kyc.submit(member.userId, request.body, request.lang));

  route(app, noticeApi.list, (request, { member }) => inbox.list(member.userId, request.lang, request.query));
  route(app, noticeApi.unread, (_request, { member }) => inbox.unread(member.userId));
  route(app, noticeApi.read, (request, { member }) => inbox.read(member.userId, request.body));

  route(app, supportApi.list, (request, { member }) => support.thread({ userId: member.userId }, request.query));
  route(app, supportApi.send, (request, { member }) => support.send({ userId: member.userId }, request.body));
  route(app, supportApi.guestList, (request) => {
    const { guestId, ...query } = request.query;
    return support.thread({ guestId }, query);
  });
  route(app, supportApi.guestSend, (request) =>
    support.send({ guestId: request.body.guestId }, { text: request.body.text }),
  );
  route(app, supportApi.guestJoin, (request, { member }) => support.join(member.userId, request.body.guestId));

  route(app, documentApi.get, (request) => productDocument(request.lang, request.query.name));

  route(app, kycAdminApi.list, async (request, { actor }) =>
    app.claims.annotatePage('kyc', await kyc.adminList(request.query), actor.operatorId),
  );
  route(app, kycAdminApi.detail, async (request, { actor }) =>
    app.claims.annotateOne('kyc', await kyc.adminDetail(request.query.id), actor.operatorId),
  );
  route(app, kycAdminApi.review, async (request, { actor }) =>
    app.claims.annotateOne('kyc', await kyc.review(actor, request.body), actor.operatorId),
  );

  route(app, noticeAdminApi.list, (request) => inbox.announcements(request.query));
  route(app, noticeAdminApi.create, (request, { actor }) => inbox.announce(actor, request.body));

  route(app, supportAdminApi.conversations, (request) => support.conversations(request.query));
  route(app, supportAdminApi.messages, (request) => support.adminThread(request.query));
  route(app, supportAdminApi.send, (request, { actor }) => support.answer(actor, request.body));
};
