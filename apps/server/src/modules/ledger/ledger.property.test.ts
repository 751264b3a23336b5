import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../lib/decimal.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  createOperator,
  expectLedgerVerified,
  type Headers,
  payPassword,
  walletMember,
} from '../../test/wallet.ts';
import { verifyLedger } from './verify.ts';

let t: TestApp;
let operator: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t.app);
});
afterAll(() => t.close());

const currencies = ['USDT', 'EUR'] as const;
type Currency = (typeof currencies)[number];

const step = fc.oneof(
  fc.record({
    op: fc.constant('deposit' as const),
    member: fc.nat(1),
    amount: fc.integer({ min: 1, max: 500 }),
    review: fc.constantFrom(1, 2, 3),
  }),
  fc.record({
    op: fc.constant('withdraw' as const),
    member: fc.nat(1),
    currency: fc.constantFrom(...currencies),
    amount: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({ op: fc.constant('review' as const), pick: fc.nat(20), status: fc.constantFrom(1, 2) }),
  fc.record({
    op: fc.constant('transfer' as const),
    member: fc.nat(1),
    from: fc.constantFrom(...currencies),
    amount: fc.integer({ min: 1, max: 300 }),
  }),
);

/**
 * Random sequences of deposits and their reviews, withdrawals, refusals and transfers: afterwards
 * the journal explains every balance, every currency sums to zero over members and platform, and
 * each member holds what a model fed only by the answers says.
 */
describe('ledger property', () => {
  it('money is conserved under any sequence of wallet operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const members = [await walletMember(t.app), await walletMember(t.app)];
        const model = members.map(() => new Map<Currency, { available: Money; frozen: Money }>());
        const held = (member: number, currency: Currency) => {
          const map = model[member] as Map<Currency, { available: Money; frozen: Money }>;
          const current = map.get(currency) ?? { available: new Money(0), frozen: new Money(0) };
          map.set(currency, current);
          return current;
        };
        const pending: { member: number; id: number; currency: Currency; total: Money }[] = [];
        for (const s of steps) {
          if (s.op === 'deposit') {
            const member = members[s.member] as (typeof members)[number];
            const applied = await api(t.app).post(
              'deposit/apply',
              {
                type: 'crypto',
                currency: 'USDT',
                network: 'TRC20',
                amount: String(s.amount),
                txHash: `0x${'ef'.repeat(32)}`,
              },
              { headers: member.headers },
            );
            const auditAmount = s.review === 2 ? String(Math.max(1, Math.floor(s.amount / 2))) : undefined;
            const reviewed = await api(t.app).post(
              'admin/deposit/review',
              {
                id: applied.json().data.id,
                status: s.review,
                auditAmount,
                remark: 'reviewed',
              },
              { headers: operator.headers },
            );
            if (reviewed.statusCode === 200) {
              const credited = reviewed.json().data.auditAmount;
              if (credited) held(s.member, 'USDT').available = held(s.member, 'USDT').available.plus(credited);
            } else {
              expect(reviewed.json().code).toBe('AUDIT_AMOUNT_INVALID');
            }
          } else if (s.op === 'withdraw') {
            const member = members[s.member] as (typeof members)[number];
            const response = await api(t.app).post(
              'withdraw/apply',
              {
                amount: String(s.amount),
                currency: s.currency,
                walletId: member.walletId,
                payPassword,
              },
              { headers: member.headers },
            );
            if (response.statusCode === 200) {
              const { id, amount, fee } = response.json().data;
              const total = new Money(amount).plus(fee);
              const state = held(s.member, s.currency);
              state.available = state.available.minus(total);
              state.frozen = state.frozen.plus(total);
              pending.push({ member: s.member, id, currency: s.currency, total });
            } else {
              expect(['INSUFFICIENT_BALANCE', 'WITHDRAW_BELOW_MINIMUM']).toContain(response.json().code);
            }
          } else if (s.op === 'review') {
            const [target] = pending.splice(s.pick % Math.max(1, pending.length), 1);
            if (!target) continue;
            const response = await api(t.app).post(
              'admin/withdraw/review',
              {
                id: target.id,
                status: s.status,
                // A refusal says why (docs/admin.md); a hand payout names its reference.
                ...(s.status === 2 ? { remark: 'refused by the property test' } : { payoutReference: 'paid-by-hand' }),
              },
              { headers: operator.headers },
            );
            expect(response.statusCode, response.body).toBe(200);
            const state = held(target.member, target.currency);
            state.frozen = state.frozen.minus(target.total);
            if (s.status === 2) state.available = state.available.plus(target.total);
          } else {
            const member = members[s.member] as (typeof members)[number];
            const to: Currency = s.from === 'USDT' ? 'EUR' : 'USDT';
            const response = await api(t.app).post(
              'transfer/apply',
              {
                from: s.from,
                to,
                amount: String(s.amount),
                payPassword,
              },
              { headers: member.headers },
            );
            if (response.statusCode === 200) {
              held(s.member, s.from).available = held(s.member, s.from).available.minus(s.amount);
              held(s.member, to).available = held(s.member, to).available.plus(response.json().data.received);
            } else {
              expect(response.json().code).toBe('INSUFFICIENT_BALANCE');
            }
          }
        }
        const report = await verifyLedger(t.app.db);
        expect(report.problems).toEqual([]);
        for (const total of Object.values(report.totals)) expect(new Money(total).isZero()).toBe(true);
        for (const [index, member] of members.entries()) {
          for (const currency of currencies) {
            const expected = held(index, currency);
            const actual = await balanceOf(t.app, member.headers, currency);
            expect(new Money(actual.available).eq(expected.available), `${currency} available`).toBe(true);
            expect(new Money(actual.frozen).eq(expected.frozen), `${currency} frozen`).toBe(true);
          }
        }
      }),
      { numRuns: 12 },
    );
    await expectLedgerVerified(t.app);
    // Each transfer now verifies an argon2id pay password: twelve runs of them outgrow 30 s on two cores.
  }, 180_000);
});
