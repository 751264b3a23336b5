export type { AccountService } from './account.ts';
export { isValidAddress } from './addresses.ts';
export { adminDepositView, channelView, DepositService } from './deposit.ts';
export type { WalletServices } from './services.ts';
export { defaultWalletSetting, walletSetting } from './wallet-setting.ts';
export { adminWithdrawalView, WithdrawService } from './withdraw.ts';
