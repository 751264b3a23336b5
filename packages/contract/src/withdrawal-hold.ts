import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';
import { payPasswordField, isoTime as time } from './fields.ts';

/**
 * Withdrawal holds (docs/ledger.md, Withdrawal holds): a risky change to an account starts a hold
 * during which withdrawals are accepted but wait; an operator cannot pass one before its end.
 */
export const withdrawalHoldErrors = {
  /** An operator passing a withdrawal before the member's hold ends. */
  WITHDRAWAL_HOLD: 409,
  /** Allow-list mode: a withdrawal to a wallet bound during the current hold. */
  WITHDRAWAL_WALLET_NEW: 403,
} as const;

/** What started a hold; each has its own notice and mail text (`notice.withdrawalHold.<reason>`). */
export const withdrawalHoldReasons = [
  'walletBound',
  'loginPassword',
  'payPassword',
  'passwordReset',
  'totpOff',
  'totpReset',
  'allowListOff',
  'passkeyRemoved',
] as const;
export type WithdrawalHoldReason = (typeof withdrawalHoldReasons)[number];

/** Hours a hold lasts unless an operator sets another duration (docs/admin.md, Settings). */
export const defaultWithdrawalHoldHours = 24;

export const withdrawalHoldSetting = z.object({
  hours: z
    .number({ error: 'validation.holdHours' })
    .int({ error: 'validation.holdHours' })
    .min(1, { error: 'validation.holdHours' })
    .max(720, { error: 'validation.holdHours' })
    .describe('how long a withdrawal hold lasts, 1 to 720 hours'),
});
export type WithdrawalHoldSetting = z.infer<typeof withdrawalHoldSetting>;

export const withdrawalHold = z.object({
  reason: z.enum(withdrawalHoldReasons).describe('the latest change that started or extended the hold'),
  startedAt: time.describe('when the hold began (an extension keeps it)'),
  endsAt: time.describe('withdrawals can be passed from this moment on'),
});

export const withdrawalHoldAnswer = z.object({
  hold: withdrawalHold.nullable().describe('the hold in force now; null when none'),
  allowListOnly: z.boolean().describe('withdrawals during a hold go only to wallets bound before it began'),
  hours: z.number().int().describe('how long a hold lasts (the operator setting)'),
});

export const allowListBody = z.object({
  enabled: z.boolean(),
  payPassword: payPasswordField.describe('a change to where money may go is confirmed like a withdrawal'),
});

export const withdrawalHoldApi = {
  hold: {
    access: 'member',
    method: 'GET',
    path: '/withdraw/hold',
    summary: 'My withdrawal hold in force (reason and end) and the allow-list mode',
    response: ok(withdrawalHoldAnswer),
  },
  allowList: {
    access: 'member',
    method: 'POST',
    path: '/withdraw/allow-list',
    summary: 'Turn the allow-list mode on or off (pay password); turning it off starts a hold',
    body: allowListBody,
    response: ok(withdrawalHoldAnswer),
  },
} as const satisfies Api;
