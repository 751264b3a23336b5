import type { FastifyPluginAsync } from 'fastify';
import type { MemberRoutesOptions } from './options.ts';
import { profileRoutes } from './profile-routes.ts';
import { registerRoutes } from './register-routes.ts';
import { sessionRoutes } from './session-routes.ts';

export type { MemberRoutesOptions } from './options.ts';

/** Accounts: codes, registration, login, sessions, profile, passwords (issue 4). */
export const memberRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, options) => {
  await app.register(registerRoutes, options);
  await app.register(sessionRoutes, options);
  await app.register(profileRoutes, options);
};
