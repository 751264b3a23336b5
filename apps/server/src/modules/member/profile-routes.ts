import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { announceWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { route } from '../../lib/route.ts';
import { changePassword, setPayPasswordWithCode } from './accounts.ts';
import type { MemberRoutesOptions } from './options.ts';
import { profileOf } from './profile.ts';
import { clientOf } from './sessions.ts';

export const profileRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, { db, sender }) => {
  // Holds run on the app's clock, as the withdrawals they delay (tests move it).
  const now = () => new Date(app.jobs.clock());
  const mailing = { db, mailer: sender, bus: app.bus, log: app.log };
  route(app, memberApi.profile, (_request, { member }) => profileOf(db, member.userId));
  route(app, memberApi.passwordChange, async (request, { member }) => {
    const hold = await changePassword(db, member, request.body, clientOf(request), now());
    app.bus.emit('sessions', { userId: member.userId });
    announceWithdrawalHold(mailing, hold, request.lang);
    return null;
  });
  route(app, memberApi.payPasswordSet, async (request, { member }) => {
    const hold = await setPayPasswordWithCode(db, member.userId, request.body, now());
    if (hold) announceWithdrawalHold(mailing, hold, request.lang);
    return null;
  });
};
