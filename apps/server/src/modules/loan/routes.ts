import { loanAdminApi, loanApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { LoanAdmin } from './admin.ts';
import type { LoanService } from './service.ts';

/** Loans (docs/api.md, Loans): products for everyone, applications and repayments per member. */
export const loanRoutes: FastifyPluginAsync<{ loans: LoanService; admin: LoanAdmin }> = async (
  app,
  { loans, admin },
) => {
  route(app, loanApi.products, (request) => loans.products(request.lang));
  route(app, loanApi.apply, (request, { member, claim }) =>
    loans.apply(member.userId, request.body, claim, request.lang),
  );
  route(app, loanApi.list, (request, { member }) => loans.list(member.userId, request.query, request.lang));
  route(app, loanApi.detail, (request, { member }) => loans.detail(member.userId, request.query.id, request.lang));
  route(app, loanApi.repay, (request, { member, claim }) =>
    loans.repay(member.userId, request.body, claim, request.lang),
  );
  route(app, loanApi.preview, (request, { member }) => loans.preview(member.userId, request.query));

  route(app, loanAdminApi.productList, () => admin.products());
  route(app, loanAdminApi.productCreate, (request, { actor }) => admin.createProduct(actor, request.body));
  route(app, loanAdminApi.productUpdate, (request, { actor }) => {
    const { id, ...input } = request.body;
    return admin.updateProduct(actor, id, input);
  });
  route(app, loanAdminApi.productClose, (request, { actor }) => admin.closeProduct(actor, request.body.id));
  route(app, loanAdminApi.list, async (request, { actor }) =>
    app.claims.annotatePage('loan', await admin.list(request.query), actor.operatorId),
  );
  route(app, loanAdminApi.review, async (request, { actor, claim }) =>
    app.claims.annotateOne('loan', await admin.review(actor, request.body, claim), actor.operatorId),
  );
  route(app, loanAdminApi.setting, () => admin.setting());
  route(app, loanAdminApi.settingUpdate, (request, { actor }) => admin.updateSetting(actor, request.body));
};
