import {
  adminDepositChannel,
  adminDepositItem,
  adminDepositPage,
  adminWithdrawItem,
  adminWithdrawPage,
  auditPage,
  auditQuery,
  depositChannelBody,
  depositChannelUpdateBody,
  depositReviewBody,
  idBody,
  ok,
  statusQuery,
  withdrawReviewBody,
} from '@soar/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../lib/envelope.ts';
import { operatorOf } from '../../plugins/auth.ts';
import { idempotencyClaim } from '../ledger/idempotency.ts';
import { type WalletDependencies, walletServices } from '../wallet/services.ts';
import { listAudit } from './audit.ts';
import { DepositChannelAdmin } from './deposit-channels.ts';

function actorOf(request: FastifyRequest) {
  return { operatorId: operatorOf(request).operatorId, ip: request.ip };
}

function claimOf(request: FastifyRequest) {
  return idempotencyClaim(request, `operator:${operatorOf(request).operatorId}`);
}

/** Operator queues of the wallet (deposit and withdrawal reviews), deposit channels, the audit log. */
export const adminWalletRoutes: FastifyPluginAsyncZod<WalletDependencies> = async (app, dependencies) => {
  const { db } = dependencies;
  const { deposits, withdrawals } = walletServices(dependencies);
  const tags = ['admin'];
  const onRequest = app.requireOperator;
  const channels = new DepositChannelAdmin(db);

  app.get(
    '/admin/deposit/list',
    { onRequest, schema: { tags, querystring: statusQuery, response: { 200: ok(adminDepositPage) } } },
    async (request) => success(await deposits.adminList(request.query)),
  );
  app.post(
    '/admin/deposit/review',
    { onRequest, schema: { tags, body: depositReviewBody, response: { 200: ok(adminDepositItem) } } },
    async (request) => success(await deposits.review(actorOf(request), request.body, claimOf(request))),
  );
  app.get(
    '/admin/withdraw/list',
    { onRequest, schema: { tags, querystring: statusQuery, response: { 200: ok(adminWithdrawPage) } } },
    async (request) => success(await withdrawals.adminList(request.query)),
  );
  app.post(
    '/admin/withdraw/review',
    { onRequest, schema: { tags, body: withdrawReviewBody, response: { 200: ok(adminWithdrawItem) } } },
    async (request) => success(await withdrawals.review(actorOf(request), request.body, claimOf(request))),
  );

  app.get(
    '/admin/deposit-channel/list',
    { onRequest, schema: { tags, response: { 200: ok(z.array(adminDepositChannel)) } } },
    async () => success(await channels.list()),
  );
  app.post(
    '/admin/deposit-channel/create',
    { onRequest, schema: { tags, body: depositChannelBody, response: { 200: ok(adminDepositChannel) } } },
    async (request) => success(await channels.create(actorOf(request), request.body)),
  );
  app.post(
    '/admin/deposit-channel/update',
    { onRequest, schema: { tags, body: depositChannelUpdateBody, response: { 200: ok(adminDepositChannel) } } },
    async (request) => {
      const { id, ...input } = request.body;
      return success(await channels.update(actorOf(request), id, input));
    },
  );
  app.post(
    '/admin/deposit-channel/delete',
    { onRequest, schema: { tags, body: idBody, response: { 200: ok(idBody) } } },
    async (request) => success(await channels.remove(actorOf(request), request.body.id)),
  );

  app.get(
    '/admin/audit/list',
    { onRequest, schema: { tags, querystring: auditQuery, response: { 200: ok(auditPage) } } },
    async (request) => success(await listAudit(db, request.query)),
  );
};
