import { operatorAdminApi, operatorApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import { accountRateLimits, clientOf } from '../member/index.ts';
import type { OperatorAccount } from './operator-account.ts';
import type { OperatorAdmin } from './operators.ts';

/** An operator's own password and second factor; operators managed by admin. */
export const adminOperatorRoutes: FastifyPluginAsync<{ account: OperatorAccount; operators: OperatorAdmin }> = async (
  app,
  { account, operators },
) => {
  const codeLimit = { config: { rateLimit: accountRateLimits.login } };

  route(app, operatorApi.passwordChange, async (request, { operator, actor }) => {
    await account.changePassword(operator, actor, request.body.oldPassword, request.body.password);
    app.bus.emit('operatorSessions', { operatorId: operator.operatorId });
    return null;
  });
  route(app, operatorApi.totpEnrol, (_request, { operator }) => account.enrolTotp(operator.operatorId), codeLimit);
  route(
    app,
    operatorApi.totpConfirm,
    (request, { actor }) => account.confirmTotp(actor, request.body.code, clientOf(request)),
    codeLimit,
  );

  const api = operatorAdminApi;
  route(app, api.list, () => operators.list());
  route(app, api.create, (request, { actor }) => operators.create(actor, request.body));
  route(app, api.update, async (request, { actor }) => {
    const updated = await operators.update(actor, request.body);
    if (updated.disabled) app.bus.emit('operatorSessions', { operatorId: updated.id });
    return updated;
  });
  route(app, api.passwordReset, async (request, { actor }) => {
    const reset = await operators.resetPassword(actor, request.body.id, request.body.password);
    app.bus.emit('operatorSessions', { operatorId: reset.id });
    return reset;
  });
  route(app, api.totpReset, (request, { actor }) => operators.resetTotp(actor, request.body.id));
};
