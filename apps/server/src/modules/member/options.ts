import type { Database } from '../../db/client.ts';
import type { CodeSender } from './delivery.ts';

export type MemberRoutesOptions = { db: Database; sender: CodeSender };

/** Per client IP, on top of the per-account lockout and the per-destination code limit. */
export const accountRateLimits = {
  login: { max: 20, timeWindow: '1 minute' },
  codeSend: { max: 10, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '1 minute' },
} as const;
