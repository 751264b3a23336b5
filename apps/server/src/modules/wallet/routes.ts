import { walletApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { resolveTimezone } from '../../core/time.ts';
import { route } from '../../lib/route.ts';
import type { WalletServices } from './services.ts';

/** The member's wallet calls (docs/api.md, Wallet); every query is scoped by the session's user. */
export const walletRoutes: FastifyPluginAsync<WalletServices> = async (app, { accounts, deposits, withdrawals }) => {
  route(app, walletApi.balance, (request, { member }) => accounts.balance(member.userId, request.query.currency));
  route(app, walletApi.transactions, (request, { member }) =>
    accounts.transactions(member.userId, request.query, { oneRowPerWithdrawal: true }),
  );
  route(
    app,
    walletApi.transferQuote,
    async (request) => (await accounts.quote(request.query.from, request.query.to, request.query.amount)).quote,
  );
  route(app, walletApi.transferApply, (request, { member, claim }) =>
    accounts.transfer(member.userId, request.body, claim),
  );

  route(app, walletApi.depositChannels, () => deposits.channels());
  route(app, walletApi.depositApply, (request, { member, claim }) =>
    deposits.apply(member.userId, request.body, claim),
  );
  route(app, walletApi.depositRecords, (request, { member }) => {
    const header = request.headers['x-timezone'];
    const timezone = resolveTimezone(request.query.tz ?? (typeof header === 'string' ? header : undefined));
    return deposits.records(member.userId, request.query, timezone);
  });

  route(app, walletApi.addresses, (_request, { member }) => withdrawals.addresses(member.userId));
  route(app, walletApi.addressAdd, (request, { member }) => withdrawals.addAddress(member.userId, request.body));
  route(app, walletApi.addressRemove, (request, { member }) =>
    withdrawals.removeAddress(member.userId, request.body.id),
  );
  route(app, walletApi.withdrawConfig, () => withdrawals.config());
  route(app, walletApi.withdrawApply, (request, { member, claim }) =>
    withdrawals.apply(member.userId, request.body, claim),
  );
  route(app, walletApi.withdrawRecords, (request, { member }) => withdrawals.records(member.userId, request.query));
};
