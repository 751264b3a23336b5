import type { FastifyPluginAsync } from 'fastify';
import type { MemberRoutesOptions } from './options.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { registerRoutes } from './register-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { SignInAlerts, signInRoutes, watchSignIns } from './sign-in-routes.ts';

export type { MemberRoutesOptions } from './options.ts';

/** Accounts: codes, registration, login, sessions, profile, passwords (issue 4). */
export const memberRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, options) => {
  // The sender carries the member's anti-phishing phrase already (`withMailPhrase` in app.ts).
  const member = options;
  const origin = app.config.publicOrigin ?? `http://localhost:${app.config.port}`;
  const alerts = new SignInAlerts({ db: options.db, sender: member.sender, bus: app.bus, log: app.log, origin });
  watchSignIns(app.bus, alerts);
  app.addHook('onClose', () => alerts.settled());
  await app.register(registerRoutes, member);
  await app.register(sessionRoutes, member);
  await app.register(profileRoutes, member);
  await app.register(signInRoutes, member);
  await app.register(passkeyRoutes, member);
};
