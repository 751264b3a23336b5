import { walletAdminApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import type { WalletServices } from '../wallet/index.ts';
import { listAudit } from './audit-log.ts';
import type { DepositChannelAdmin } from './deposit-channels.ts';

/** Operator queues of the wallet (deposit and withdrawal reviews), deposit channels, the audit log. */
export const adminWalletRoutes: FastifyPluginAsync<
  WalletServices & { db: Database; channels: DepositChannelAdmin }
> = async (app, { db, deposits, withdrawals, channels }) => {
  const api = walletAdminApi;

  // Each queue answer says who holds and who decided its records (docs/admin.md, Queues).
  route(app, api.depositList, async (request, { actor }) =>
    app.claims.annotatePage('deposit', await deposits.adminList(request.query), actor.operatorId),
  );
  route(app, api.depositReview, async (request, { actor, claim }) =>
    app.claims.annotateOne('deposit', await deposits.review(actor, request.body, claim), actor.operatorId),
  );
  route(app, api.withdrawList, async (request, { actor }) =>
    app.claims.annotatePage('withdrawal', await withdrawals.adminList(request.query), actor.operatorId),
  );
  route(app, api.withdrawReview, async (request, { actor, claim }) =>
    app.claims.annotateOne('withdrawal', await withdrawals.review(actor, request.body, claim), actor.operatorId),
  );

  route(app, api.depositChannelList, () => channels.list());
  route(app, api.depositChannelCreate, (request, { actor }) => channels.create(actor, request.body));
  route(app, api.depositChannelUpdate, (request, { actor }) => {
    const { id, ...input } = request.body;
    return channels.update(actor, id, input);
  });
  route(app, api.depositChannelDelete, (request, { actor }) => channels.remove(actor, request.body.id));
  route(app, api.auditList, (request) => listAudit(db, request.query));
};
