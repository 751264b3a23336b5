import type { BaseSetting, WalletRules, WithdrawalHoldSetting } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import { currencyRates } from '../../core/currency.ts';
import { withdrawalHoldHours } from '../../core/withdrawal-hold.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/route.ts';
import type { SettingsService } from '../settings/index.ts';
import { walletSetting } from '../wallet/index.ts';

function walletView(setting: WalletRules): WalletRules {
  return {
    withdrawMinimumUsd: moneyString(setting.withdrawMinimumUsd),
    withdrawFeeRate: moneyString(setting.withdrawFeeRate),
    withdrawFeeMinimumUsd: moneyString(setting.withdrawFeeMinimumUsd),
    withdrawRequiresKyc: setting.withdrawRequiresKyc,
    depositCreditCurrency: setting.depositCreditCurrency,
  };
}

/**
 * Base settings (served from the settings cache, refreshed after a change) and the wallet rules
 * (read on every withdrawal), both rows of app_settings; each change is audited.
 */
export class SettingsAdmin {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  async read() {
    const [wallet, hours] = await Promise.all([walletSetting(this.db), withdrawalHoldHours(this.db)]);
    return { base: this.settings.snapshot.base, wallet: walletView(wallet), withdrawalHold: { hours } };
  }

  /** How long a withdrawal hold lasts (docs/ledger.md, Withdrawal holds); holds already running keep their end. */
  async updateWithdrawalHold(actor: Actor, setting: WithdrawalHoldSetting) {
    const after = { hours: setting.hours };
    await this.change(actor, 'withdrawalHold', async (tx) => ({
      before: { hours: await withdrawalHoldHours(tx) },
      after,
    }));
    return after;
  }

  async updateBase(actor: Actor, patch: Partial<BaseSetting>) {
    await this.change(actor, 'base', async () => {
      const before = this.settings.snapshot.base;
      return { before, after: { ...before, ...patch } };
    });
    await this.settings.refresh();
    return this.settings.snapshot.base;
  }

  async updateWallet(actor: Actor, rules: WalletRules) {
    const rates = await currencyRates(this.db);
    for (const [from, to] of Object.entries(rules.depositCreditCurrency)) {
      for (const code of [from, to]) {
        if (!rates.has(code)) throw new AppError('CURRENCY_UNKNOWN', undefined, { currency: code });
      }
    }
    const after = walletView(rules);
    await this.change(actor, 'wallet', async (tx) => ({ before: walletView(await walletSetting(tx)), after }));
    return after;
  }

  /** Locks the row (created when missing), writes the new value and audits before and after. */
  private async change(
    actor: Actor,
    key: string,
    next: (tx: Transaction) => Promise<{ before: object; after: object }>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key, value: {} }).onConflictDoNothing();
      await tx.select().from(appSettings).where(eq(appSettings.key, key)).for('update');
      const { before, after } = await next(tx);
      await tx.update(appSettings).set({ value: after, updatedAt: new Date() }).where(eq(appSettings.key, key));
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        ip: actor.ip,
        action: `setting.${key}`,
        entity: 'setting',
        entityId: key,
        before,
        after,
      });
    });
  }
}
