import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../lib/bus.ts';
import { Ledger } from '../ledger/index.ts';
import { AccountService } from './account.ts';
import { DepositService } from './deposit.ts';
import { WithdrawalHoldService } from './holds.ts';
import { type PayoutRouting, WithdrawService } from './withdraw.ts';

export type WalletServices = ReturnType<typeof walletServices>;

/** `clock`: the time entries are journalled at (the jobs' clock, docs/ledger.md). */
export function walletServices({
  db,
  bus,
  clock,
  payouts,
}: {
  db: Database;
  bus: EventBus;
  clock?: () => number;
  payouts?: PayoutRouting;
}) {
  const ledger = new Ledger(db, bus, clock);
  return {
    ledger,
    accounts: new AccountService(db, ledger),
    deposits: new DepositService(db, ledger),
    withdrawals: new WithdrawService(db, ledger, payouts),
    holds: new WithdrawalHoldService(db, ledger.clock),
  };
}
