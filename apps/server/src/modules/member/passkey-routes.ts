import { passkeyApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { announceWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { route } from '../../lib/route.ts';
import { accountRateLimits, type MemberRoutesOptions } from './options.ts';
import {
  completeWithPasskey,
  passkeySecondStepOptions,
  passkeySignInOptions,
  signInWithPasskey,
} from './passkey-sign-in.ts';
import { listPasskeys, passkeyRegistrationOptions, registerPasskey, removePasskey, renamePasskey } from './passkeys.ts';
import { clientOf } from './sessions.ts';
import { relyingPartyOf } from './webauthn.ts';

/** Passkeys (docs/identity.md, Passkeys): add, name and remove them; sign in or pass the second step with one. */
export const passkeyRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (app, { db, sender }) => {
  // Every call that takes a password or opens a session is limited per address as a login is.
  const config = { rateLimit: accountRateLimits.login };
  const rp = () => relyingPartyOf(app.config, app.settings.snapshot.base.productName);

  route(app, passkeyApi.passkeyList, (_request, { member }) => listPasskeys(db, member.userId));
  route(
    app,
    passkeyApi.passkeyRegisterOptions,
    (request, { member }) =>
      passkeyRegistrationOptions(db, rp(), member.userId, request.body.password, clientOf(request)),
    { config },
  );
  route(
    app,
    passkeyApi.passkeyRegister,
    (request, { member }) => registerPasskey(db, app.bus, rp(), member.userId, request.body),
    {
      config,
    },
  );
  route(app, passkeyApi.passkeyRename, (request, { member }) => renamePasskey(db, member.userId, request.body));
  route(
    app,
    passkeyApi.passkeyRemove,
    async (request, { member }) => {
      const hold = await removePasskey(db, member.userId, request.body, clientOf(request), new Date(app.jobs.clock()));
      announceWithdrawalHold({ db, mailer: sender, bus: app.bus, log: app.log }, hold, request.lang);
      return null;
    },
    { config },
  );
  route(app, passkeyApi.passkeySignInOptions, () => passkeySignInOptions(db, rp()), { config });
  route(
    app,
    passkeyApi.passkeySignIn,
    (request) => signInWithPasskey(db, rp(), request.body.response, clientOf(request)),
    {
      config,
    },
  );
  route(
    app,
    passkeyApi.passkeySecondStepOptions,
    (request) => passkeySecondStepOptions(db, rp(), request.body.challenge),
    { config },
  );
  route(
    app,
    passkeyApi.passkeySecondStep,
    (request) => completeWithPasskey(db, rp(), request.body, clientOf(request)),
    {
      config,
    },
  );
};
