import { signInApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import { mailPhraseOf, setMailPhrase } from './mail-phrase.ts';
import { accountRateLimits, type MemberRoutesOptions } from './options.ts';
import { revokeAllSessions } from './sessions.ts';
import { revokeByLink } from './sign-in-notice.ts';

/** Sign-in awareness (docs/identity.md): the mail's sign-out link, sign out all others, the mail phrase. */
export const signInRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, { db }) => {
  route(
    app,
    signInApi.revokeLink,
    async (request) => {
      const { userId, ...ended } = await revokeByLink(db, request.body.token);
      app.bus.emit('sessions', { userId });
      return ended;
    },
    { config: { rateLimit: accountRateLimits.login } },
  );
  route(app, signInApi.revokeOthers, async (_request, { member }) => {
    const revoked = await revokeAllSessions(db, member.userId, member.sessionId);
    app.bus.emit('sessions', { userId: member.userId });
    return { revoked };
  });
  route(app, signInApi.mailPhrase, async (_request, { member }) => ({ phrase: await mailPhraseOf(db, member.userId) }));
  route(app, signInApi.mailPhraseSet, (request, { member }) => setMailPhrase(db, member.userId, request.body.phrase));
};

export { SignInAlerts, watchSignIns } from './sign-in-notice.ts';
