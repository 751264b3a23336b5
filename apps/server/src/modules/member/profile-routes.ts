import { memberApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import { changePassword, setPayPasswordWithCode } from './accounts.ts';
import type { MemberRoutesOptions } from './options.ts';
import { profileOf } from './profile.ts';
import { clientOf } from './sessions.ts';

export const profileRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, { db }) => {
  route(app, memberApi.profile, (_request, { member }) => profileOf(db, member.userId));
  route(app, memberApi.passwordChange, async (request, { member }) => {
    await changePassword(db, member, request.body, clientOf(request));
    app.bus.emit('sessions', { userId: member.userId });
    return null;
  });
  route(app, memberApi.payPasswordSet, async (request, { member }) => {
    await setPayPasswordWithCode(db, member.userId, request.body);
    return null;
  });
};
