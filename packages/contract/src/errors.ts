import { memberAdminErrors } from './admin-members.ts';
import { alertErrors } from './alert.ts';
import { blocktradeErrors } from './blocktrade.ts';
import { chainErrors } from './chain.ts';
import { contentErrors } from './content.ts';
import { identityErrors } from './identity.ts';
import { ipoErrors } from './ipo.ts';
import { loanErrors } from './loan.ts';
import { marketErrors } from './market.ts';
import { memberErrors } from './member.ts';
import { notificationErrors } from './notification.ts';
import { operatorErrors } from './operator.ts';
import { passkeyErrors } from './passkey.ts';
import { portfolioErrors } from './portfolio.ts';
import { pushErrors } from './push.ts';
import { quantErrors } from './quant.ts';
import { signInErrors } from './sign-in.ts';
import { statementErrors } from './statement.ts';
import { tradeErrors } from './trade-terms.ts';
import { walletErrors } from './wallet.ts';
import { withdrawalHoldErrors } from './withdrawal-hold.ts';

/**
 * Stable machine codes of failures (docs/api.md). Each has an HTTP status and a message key
 * `errors.<CODE>` in every catalog of @soar/i18n. Domains add their codes in their own map and
 * spread it into `errorStatus`.
 */
const commonErrors = {
  BAD_REQUEST: 400,
  BAD_URL: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export const errorStatus = {
  ...commonErrors,
  ...memberErrors,
  ...walletErrors,
  ...marketErrors,
  ...pushErrors,
  ...notificationErrors,
  ...alertErrors,
  ...quantErrors,
  ...loanErrors,
  ...operatorErrors,
  ...memberAdminErrors,
  ...contentErrors,
  ...identityErrors,
  ...tradeErrors,
  ...ipoErrors,
  ...blocktradeErrors,
  ...portfolioErrors,
  ...statementErrors,
  ...chainErrors,
  ...signInErrors,
  ...passkeyErrors,
  ...withdrawalHoldErrors,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];
