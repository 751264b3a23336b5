export { login } from './accounts.ts';
export type { AccountMail, CodeMessage, CodeSender } from './delivery.ts';
export { countLoginFailure, guardLogin, type LoginSubject } from './login-guard.ts';
export { withMailPhrase } from './mail-phrase.ts';
export { accountRateLimits } from './options.ts';
export { userInfoOf } from './profile.ts';
export { type Client, clientOf, openSession, revokeAllSessions, revokeSession } from './sessions.ts';
export { clearSecondFactors } from './two-step.ts';
