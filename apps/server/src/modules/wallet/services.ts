import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../lib/bus.ts';
import { Ledger } from '../ledger/index.ts';
import { AccountService } from './account.ts';
import { DepositService } from './deposit.ts';
import { type PayoutRouting, WithdrawService } from './withdraw.ts';

export type WalletServices = ReturnType<typeof walletServices>;

export function walletServices({ db, bus, payouts }: { db: Database; bus: EventBus; payouts?: PayoutRouting }) {
  const ledger = new Ledger(db, bus);
  return {
    ledger,
    accounts: new AccountService(db, ledger),
    deposits: new DepositService(db, ledger),
    withdrawals: new WithdrawService(db, ledger, payouts),
  };
}
