import { adjustmentApi, memberAdminApi } from './admin-members.ts';
import { backOfficeApi } from './admin-settings.ts';
import { alertApi } from './alert.ts';
import type { Api, Endpoint } from './api.ts';
import { blocktradeAdminApi, blocktradeApi } from './blocktrade.ts';
import { chainAdminApi, chainApi } from './chain.ts';
import { contentAdminApi, contentApi } from './content.ts';
import {
  documentApi,
  kycAdminApi,
  kycApi,
  noticeAdminApi,
  noticeApi,
  supportAdminApi,
  supportApi,
} from './identity.ts';
import { ipoAdminApi, ipoApi } from './ipo.ts';
import { jobAdminApi } from './jobs.ts';
import { legacyApi } from './legacy.ts';
import { loanAdminApi, loanApi } from './loan.ts';
import { marketAdminApi, marketApi } from './market.ts';
import { memberApi } from './member.ts';
import { notificationApi } from './notification.ts';
import { operatorAdminApi, operatorApi } from './operator.ts';
import { passkeyApi } from './passkey.ts';
import { portfolioApi } from './portfolio.ts';
import { pushApi } from './push.ts';
import { quantAdminApi, quantApi } from './quant.ts';
import { queueClaimApi } from './review-queue.ts';
import { settingsApi } from './settings.ts';
import { signInApi } from './sign-in.ts';
import { statementAdminApi, statementApi } from './statement.ts';
import { tradeApi } from './trade.ts';
import { tradeAdminApi } from './trade-admin.ts';
import { walletApi } from './wallet.ts';
import { walletAdminApi } from './wallet-admin.ts';
import { withdrawalHoldApi } from './withdrawal-hold.ts';

/**
 * Every api object of the contract: a domain adds its objects here, once. The apps type their
 * calls from it by type only (`endpoints.ts`: no schema reaches a bundle that imports types), the
 * role test walks its operator entries against every role, and the back office reads the roles of
 * its menu from the same entries.
 */
export const apis = {
  settingsApi,
  memberApi,
  legacyApi,
  operatorApi,
  operatorAdminApi,
  marketApi,
  walletApi,
  walletAdminApi,
  withdrawalHoldApi,
  memberAdminApi,
  adjustmentApi,
  backOfficeApi,
  queueClaimApi,
  contentApi,
  contentAdminApi,
  quantApi,
  quantAdminApi,
  loanApi,
  loanAdminApi,
  jobAdminApi,
  documentApi,
  kycAdminApi,
  kycApi,
  tradeApi,
  tradeAdminApi,
  ipoApi,
  ipoAdminApi,
  marketAdminApi,
  noticeAdminApi,
  noticeApi,
  supportAdminApi,
  supportApi,
  blocktradeApi,
  blocktradeAdminApi,
  portfolioApi,
  pushApi,
  notificationApi,
  alertApi,
  statementApi,
  statementAdminApi,
  chainApi,
  chainAdminApi,
  signInApi,
  passkeyApi,
} as const satisfies Record<string, Api>;

/** Each operator entry with the name of its api object and its key. */
export function operatorEndpoints(): { name: string; key: string; endpoint: Endpoint }[] {
  return Object.entries(apis as Record<string, Api>).flatMap(([name, api]) =>
    Object.entries(api)
      .filter(([, endpoint]) => endpoint.access === 'operator')
      .map(([key, endpoint]) => ({ name, key, endpoint })),
  );
}
