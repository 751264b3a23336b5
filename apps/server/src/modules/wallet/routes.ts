import { type LanguageKey, walletApi, withdrawalHoldApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { resolveTimezone } from '../../core/time.ts';
import { announceWithdrawalHold, type StartedHold } from '../../core/withdrawal-hold.ts';
import { route } from '../../lib/route.ts';
import type { CodeSender } from '../member/index.ts';
import type { WalletServices } from './services.ts';

/** `sender`: the code sender, whose mail path tells a member a withdrawal hold has started. */
export type WalletRoutesOptions = WalletServices & { sender: CodeSender };

/** The member's wallet calls (docs/api.md, Wallet); every query is scoped by the session's user. */
export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (
  app,
  { accounts, deposits, withdrawals, holds, sender },
) => {
  const announce = (started: StartedHold, lang: LanguageKey) =>
    announceWithdrawalHold({ db: app.db, mailer: sender, bus: app.bus, log: app.log }, started, lang);
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
  route(app, walletApi.addressAdd, async (request, { member }) => {
    const { address, hold } = await withdrawals.addAddress(member.userId, request.body);
    announce(hold, request.lang);
    return address;
  });
  route(app, walletApi.addressRemove, (request, { member }) =>
    withdrawals.removeAddress(member.userId, request.body.id),
  );
  route(app, walletApi.withdrawConfig, () => withdrawals.config());
  route(app, walletApi.withdrawApply, (request, { member, claim }) =>
    withdrawals.apply(member.userId, request.body, claim),
  );
  route(app, walletApi.withdrawRecords, (request, { member }) => withdrawals.records(member.userId, request.query));
  route(app, withdrawalHoldApi.hold, (_request, { member }) => holds.state(member.userId));
  route(app, withdrawalHoldApi.allowList, async (request, { member }) => {
    const { started, state } = await holds.setAllowList(member.userId, request.body);
    if (started) announce(started, request.lang);
    return state;
  });
};
