import {
  balanceAnswer,
  balanceQuery,
  depositApplyBody,
  depositChannel,
  depositPage,
  depositRecord,
  idBody,
  ok,
  pageQuery,
  recordQuery,
  transactionPage,
  transactionQuery,
  transferAnswer,
  transferBody,
  transferQuote,
  transferQuoteQuery,
  walletAddress,
  walletAddressBody,
  withdrawApplyBody,
  withdrawConfig,
  withdrawPage,
  withdrawRecord,
} from '@soar/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../lib/envelope.ts';
import { memberOf } from '../../plugins/auth.ts';
import { idempotencyClaim } from '../ledger/idempotency.ts';
import { resolveTimezone } from './rates.ts';
import { type WalletDependencies, walletServices } from './services.ts';

const idempotencyHeader = z.looseObject({
  'idempotency-key': z.string().optional().describe('a replay with the same key and body returns the first answer'),
});

function claimOf(request: FastifyRequest) {
  return idempotencyClaim(request, `member:${memberOf(request).userId}`);
}

/** The member's wallet calls (DESIGN section 4, wallet row); every query is scoped by the session's user. */
export const walletRoutes: FastifyPluginAsyncZod<WalletDependencies> = async (app, dependencies) => {
  const { accounts, deposits, withdrawals } = walletServices(dependencies);
  const tags = ['wallet'];
  const onRequest = app.requireMember;

  app.get(
    '/wallet/balance',
    { onRequest, schema: { tags, querystring: balanceQuery, response: { 200: ok(balanceAnswer) } } },
    async (request) => success(await accounts.balance(memberOf(request).userId, request.query.currency)),
  );
  app.get(
    '/transaction/list',
    { onRequest, schema: { tags, querystring: transactionQuery, response: { 200: ok(transactionPage) } } },
    async (request) => success(await accounts.transactions(memberOf(request).userId, request.query)),
  );
  app.get(
    '/transfer/quote',
    { onRequest, schema: { tags, querystring: transferQuoteQuery, response: { 200: ok(transferQuote) } } },
    async (request) => success(await accounts.quote(request.query.from, request.query.to, request.query.amount)),
  );
  app.post(
    '/transfer/apply',
    {
      onRequest,
      schema: { tags, headers: idempotencyHeader, body: transferBody, response: { 200: ok(transferAnswer) } },
    },
    async (request) => success(await accounts.transfer(memberOf(request).userId, request.body, claimOf(request))),
  );

  app.get(
    '/deposit/channel/list',
    { onRequest, schema: { tags, response: { 200: ok(z.array(depositChannel)) } } },
    async () => success(await deposits.channels()),
  );
  app.post(
    '/deposit/apply',
    {
      onRequest,
      schema: {
        tags,
        headers: idempotencyHeader,
        body: depositApplyBody,
        response: { 200: ok(depositRecord.partial()) },
      },
    },
    async (request) => success(await deposits.apply(memberOf(request).userId, request.body, claimOf(request))),
  );
  app.get(
    '/deposit/record/list',
    { onRequest, schema: { tags, querystring: recordQuery, response: { 200: ok(depositPage) } } },
    async (request) => {
      const header = request.headers['x-timezone'];
      const timezone = resolveTimezone(request.query.tz ?? (typeof header === 'string' ? header : undefined));
      return success(await deposits.records(memberOf(request).userId, request.query, timezone));
    },
  );

  app.get(
    '/wallet/address/list',
    { onRequest, schema: { tags, response: { 200: ok(z.array(walletAddress)) } } },
    async (request) => success(await withdrawals.addresses(memberOf(request).userId)),
  );
  app.post(
    '/wallet/address/add',
    { onRequest, schema: { tags, body: walletAddressBody, response: { 200: ok(walletAddress) } } },
    async (request) => success(await withdrawals.addAddress(memberOf(request).userId, request.body)),
  );
  app.post(
    '/wallet/address/remove',
    { onRequest, schema: { tags, body: idBody, response: { 200: ok(idBody) } } },
    async (request) => success(await withdrawals.removeAddress(memberOf(request).userId, request.body.id)),
  );
  app.get('/withdraw/config', { onRequest, schema: { tags, response: { 200: ok(withdrawConfig) } } }, async () =>
    success(await withdrawals.config()),
  );
  app.post(
    '/withdraw/apply',
    {
      onRequest,
      schema: { tags, headers: idempotencyHeader, body: withdrawApplyBody, response: { 200: ok(withdrawRecord) } },
    },
    async (request) => success(await withdrawals.apply(memberOf(request).userId, request.body, claimOf(request))),
  );
  app.get(
    '/withdraw/record/list',
    { onRequest, schema: { tags, querystring: pageQuery, response: { 200: ok(withdrawPage) } } },
    async (request) => success(await withdrawals.records(memberOf(request).userId, request.query)),
  );
};
