import { adjustmentApi, backOfficeApi, memberAdminApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { type AccountMailer, announceWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { route } from '../../lib/route.ts';
import type { AdjustmentService } from './adjustments.ts';
import type { Dashboard } from './dashboard.ts';
import type { MemberAdmin } from './members.ts';
import type { SettingsAdmin } from './settings-admin.ts';

export type BackOfficeServices = {
  /** Mails the member of a hold an operator's action started. */
  mailer: AccountMailer;
  dashboard: Dashboard;
  settingsAdmin: SettingsAdmin;
  members: MemberAdmin;
  adjustments: AdjustmentService;
};

/** The dashboard, settings, members and manual adjustments of the back office (docs/admin.md). */
export const backOfficeRoutes: FastifyPluginAsync<BackOfficeServices> = async (
  app,
  { mailer, dashboard, settingsAdmin, members, adjustments },
) => {
  route(app, backOfficeApi.dashboard, (_request, { operator }) => dashboard.collect(operator.role));
  route(app, backOfficeApi.settings, () => settingsAdmin.read());
  route(app, backOfficeApi.settingsBase, (request, { actor }) => settingsAdmin.updateBase(actor, request.body));
  route(app, backOfficeApi.settingsWallet, (request, { actor }) => settingsAdmin.updateWallet(actor, request.body));
  route(app, backOfficeApi.settingsWithdrawalHold, (request, { actor }) =>
    settingsAdmin.updateWithdrawalHold(actor, request.body),
  );

  route(app, memberAdminApi.list, (request) => members.list(request.query));
  route(app, memberAdminApi.detail, (request) => members.detail(request.query.uid));
  route(app, memberAdminApi.timeline, (request) => members.timeline(request.query));
  route(app, memberAdminApi.ledger, (request) => members.ledger(request.query));
  route(app, memberAdminApi.vip, (request, { actor }) => members.setVip(actor, request.body.id, request.body.vipLevel));
  route(app, memberAdminApi.freeze, async (request, { actor }) => {
    const member = await members.freeze(actor, request.body);
    // A frozen login ended the member's sessions: their sockets are signed out as after a revoke.
    if (request.body.login) app.bus.emit('sessions', { userId: member.id });
    return member;
  });
  route(app, memberAdminApi.totpReset, async (request, { actor }) => {
    const { member, hold } = await members.resetTotp(actor, request.body, new Date(app.jobs.clock()));
    announceWithdrawalHold({ db: app.db, mailer, bus: app.bus, log: app.log }, hold, 'member');
    return member;
  });
  route(app, memberAdminApi.positions, (request) => members.positions(request.query));
  route(app, memberAdminApi.sessions, (request) => members.sessions(request.query));
  route(app, memberAdminApi.sessionRevoke, async (request, { actor }) => {
    const session = await members.revokeSession(actor, request.body);
    app.bus.emit('sessions', { userId: request.body.id });
    return session;
  });

  route(app, adjustmentApi.list, (request) => adjustments.list(request.query));
  route(app, adjustmentApi.create, (request, { actor }) => adjustments.create(actor, request.body));
  route(app, adjustmentApi.approve, (request, { actor, claim }) => adjustments.approve(actor, request.body, claim));
  route(app, adjustmentApi.reject, (request, { actor }) => adjustments.reject(actor, request.body));
};
