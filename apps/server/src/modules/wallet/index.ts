export { isValidAddress } from '../../lib/chain-address.ts';
export type { AccountService } from './account.ts';
export {
  adminDepositView,
  channelView,
  DepositService,
  memberDepositView,
  postDepositCredit,
  type Reviewer,
} from './deposit.ts';
export type { WithdrawalHoldService } from './holds.ts';
export type { WalletServices } from './services.ts';
export { defaultWalletSetting, walletSetting } from './wallet-setting.ts';
export { adminWithdrawalView, type PayoutRouting, WithdrawService } from './withdraw.ts';
