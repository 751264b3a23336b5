import { maxWalletAddresses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { appSettings, users, walletAddresses } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
  walletMember,
} from '../../test/wallet.ts';
import { defaultWalletSetting } from './wallet-setting.ts';

let t: TestApp;
let operator: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const trc20 = 'TDjvzz7L9VpTwuG8DiqngEZPBUyV6DCztj';
const erc20 = '0xa15fD8D538843cA2D24CDba4954cd4aa14195C04';

/** A member who has set the pay password that binding a wallet asks for. */
async function payingMember() {
  const member = await createMember(t.app);
  await setPayPassword(t.app.db, member.user.id, payPassword);
  return member;
}

const boundAddresses = (userId: number) =>
  t.app.db.select().from(walletAddresses).where(eq(walletAddresses.userId, userId));

describe('wallet addresses', () => {
  it('binds valid ERC-20 and TRC-20 addresses and lists only the own ones', async () => {
    const member = await payingMember();
    const other = await createMember(t.app);
    for (const [network, address] of [
      ['TRC20', trc20],
      ['ERC20', erc20],
      ['ERC20', erc20.toLowerCase()],
    ]) {
      const response = await api(t.app).post(
        'wallet/address/add',
        {
          name: 'Mine',
          currency: 'USDT',
          network,
          address,
          payPassword,
        },
        { headers: member.headers },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const list = await api(t.app).get('wallet/address/list', { headers: member.headers });
    expect(list.json().data).toHaveLength(3);
    expect((await api(t.app).get('wallet/address/list', { headers: other.headers })).json().data).toEqual([]);
  });

  it('asks for the pay password: missing, wrong, unset or locked binds nothing', async () => {
    const member = await payingMember();
    const wallet = { name: 'Mine', currency: 'USDT', network: 'TRC20', address: trc20 };
    const missing = await api(t.app).post('wallet/address/add', wallet, { headers: member.headers });
    expect(missing.statusCode).toBe(422);
    const wrong = await api(t.app).post(
      'wallet/address/add',
      { ...wallet, payPassword: 'nope' },
      { headers: member.headers },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PAY_PASSWORD_WRONG' });
    const nul = await api(t.app).post(
      'wallet/address/add',
      {
        ...wallet,
        payPassword: '24\u00006810',
      },
      { headers: member.headers },
    );
    expect(nul.statusCode).toBeLessThan(500);
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    const unset = await createMember(t.app);
    const noPassword = await api(t.app).post(
      'wallet/address/add',
      { ...wallet, payPassword },
      { headers: unset.headers },
    );
    expect(noPassword.json().code).toBe('PAY_PASSWORD_NOT_SET');
    expect(await boundAddresses(member.user.id)).toEqual([]);
    expect(await boundAddresses(unset.user.id)).toEqual([]);
    // the wrong tries count with withdrawals': the fifth locks, and then even the right one is refused
    for (let i = 0; i < 4; i += 1) {
      await api(t.app).post('wallet/address/add', { ...wallet, payPassword: 'nope' }, { headers: member.headers });
    }
    const locked = await api(t.app).post('wallet/address/add', { ...wallet, payPassword }, { headers: member.headers });
    expect(locked.json().code).toBe('PAY_PASSWORD_LOCKED');
    expect(await boundAddresses(member.user.id)).toEqual([]);
  });

  it('refuses addresses with a broken checksum, prefix or length, in two languages', async () => {
    const member = await payingMember();
    const bad = [
      ['ERC20', `${erc20.slice(0, -1)}4`.replace('a15f', 'A15f')],
      ['ERC20', '0x12345'],
      ['TRC20', `${trc20.slice(0, -1)}k`],
      ['TRC20', `A${trc20.slice(1)}`],
      ['TRC20', erc20],
    ];
    for (const [network, address] of bad) {
      const response = await api(t.app).post(
        'wallet/address/add',
        {
          name: 'Bad',
          currency: 'USDT',
          network,
          address,
          payPassword,
        },
        { headers: member.headers },
      );
      expect(response.statusCode, address).toBe(422);
      expect(response.json().message).toBe(`This is not a valid ${network} address`);
    }
    const spanish = await api(t.app).post(
      'wallet/address/add',
      {
        name: 'Bad',
        currency: 'USDT',
        network: 'TRC20',
        address: '0x12',
        payPassword,
      },
      { headers: { ...member.headers, 'x-soar-lang': 'es' } },
    );
    expect(spanish.json().message).toBe('No es una dirección TRC20 válida');
  });

  it('refuses binding the same address twice', async () => {
    const member = await payingMember();
    const body = { name: 'A', currency: 'USDT', network: 'TRC20', address: trc20, payPassword };
    await api(t.app).post('wallet/address/add', body, { headers: member.headers });
    const again = await api(t.app).post('wallet/address/add', body, { headers: member.headers });
    expect(again.statusCode).toBe(409);
  });

  it('binds at most maxWalletAddresses wallets per member, even racing', async () => {
    const member = await payingMember();
    const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
    const answers = await Promise.all(
      Array.from({ length: maxWalletAddresses + 5 }, (_, i) =>
        api(t.app).post(
          'wallet/address/add',
          {
            name: `W${i}`,
            currency: 'USDT',
            network: 'ERC20',
            address: address(i + 1),
            payPassword,
          },
          { headers: member.headers },
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(maxWalletAddresses);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.json().code)).toEqual(Array(5).fill('ADDRESS_LIMIT'));
    expect(refused[0]?.json().message).toBe(`You can bind at most ${maxWalletAddresses} wallets: remove one first`);
    const german = await api(t.app).post(
      'wallet/address/add',
      {
        name: 'More',
        currency: 'USDT',
        network: 'ERC20',
        address: address(999),
        payPassword,
      },
      { headers: { ...member.headers, 'x-soar-lang': 'de' } },
    );
    expect(german.statusCode).toBe(422);
    expect(german.json().message).toBe(
      `Sie können höchstens ${maxWalletAddresses} Wallets hinterlegen: Entfernen Sie zuerst eine`,
    );
    expect((await api(t.app).get('wallet/address/list', { headers: member.headers })).json().data).toHaveLength(
      maxWalletAddresses,
    );
  });

  it("does not remove another member's address (IDOR)", async () => {
    const owner = await walletMember(t.app);
    const thief = await createMember(t.app);
    const response = await api(t.app).post('wallet/address/remove', { id: owner.walletId }, { headers: thief.headers });
    expect(response.statusCode).toBe(404);
    expect((await api(t.app).get('wallet/address/list', { headers: owner.headers })).json().data).toHaveLength(1);
    const own = await api(t.app).post('wallet/address/remove', { id: owner.walletId }, { headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect((await api(t.app).get('wallet/address/list', { headers: owner.headers })).json().data).toHaveLength(0);
  });
});

describe('withdraw config', () => {
  it('gives the $10 minimum, the fee rule in each currency and the processing text key', async () => {
    const member = await createMember(t.app);
    const data = (await api(t.app).get('withdraw/config', { headers: member.headers })).json().data;
    expect(data).toMatchObject({
      minimumUsd: '10',
      feeRate: '0.01',
      feeMinimumUsd: '1',
      requiresKyc: false,
      processingKey: 'wallet.withdrawProcessing',
    });
    expect(data.currencies).toEqual(
      expect.arrayContaining([
        { currency: 'USD', minimum: '10', feeMinimum: '1', rateToUsd: '1' },
        { currency: 'EUR', minimum: '9.22', feeMinimum: '0.93', rateToUsd: '1.085' },
        { currency: 'JPY', minimum: '1527', feeMinimum: '153', rateToUsd: '0.00655' },
      ]),
    );
  });
});

describe('withdraw apply and review', () => {
  async function funded(amount = '1000') {
    const member = await walletMember(t.app);
    await fund(t.app, member, operator, amount);
    return member;
  }
  const apply = (member: { headers: Headers; walletId: number }, amount: string, extra: object = {}) =>
    api(t.app).post(
      'withdraw/apply',
      {
        amount,
        currency: 'USDT',
        walletId: member.walletId,
        payPassword,
        ...extra,
      },
      { headers: member.headers },
    );

  it('freezes amount plus fee (1%, at least $1) and refuse returns it all', async () => {
    const member = await funded('1000');
    const response = await apply(member, '500');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ amount: '500', fee: '5', status: 0 });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '495', frozen: '505' });
    const small = await apply(member, '20');
    expect(small.json().data.fee).toBe('1');
    const id = response.json().data.id;
    const refuse = await api(t.app).post(
      'admin/withdraw/review',
      { id, status: 2, remark: 'Wallet flagged' },
      { headers: operator.headers },
    );
    expect(refuse.statusCode).toBe(200);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '979', frozen: '21' });
    const again = await api(t.app).post('admin/withdraw/review', { id, status: 1 }, { headers: operator.headers });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '979', frozen: '21' });
  });

  it('pass sends the frozen amount out and the records show the statuses', async () => {
    const member = await funded('100');
    const id = (await apply(member, '50')).json().data.id;
    const pass = await api(t.app).post(
      'admin/withdraw/review',
      { id, status: 1, payoutReference: 'TRX-0001' },
      { headers: operator.headers },
    );
    expect(pass.json().data).toMatchObject({ status: 1, payoutReference: 'TRX-0001' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '49', frozen: '0' });
    const records = (await api(t.app).get('withdraw/record/list', { headers: member.headers })).json().data;
    expect(records).toMatchObject({ total: 1, list: [{ id, status: 1, amount: '50', fee: '1' }] });
    const queue = (await api(t.app).get('admin/withdraw/list?status=1', { headers: operator.headers })).json().data;
    expect(queue.list.map((w: { id: number }) => w.id)).toContain(id);
  });

  it('refuses below the minimum, above the available balance, and wrong amounts', async () => {
    const member = await funded('100');
    const low = await apply(member, '9');
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toBe('The minimum withdrawal is 10 USDT');
    const lowItalian = await api(t.app).post(
      'withdraw/apply',
      {
        amount: '9',
        currency: 'USDT',
        walletId: member.walletId,
        payPassword,
      },
      { headers: { ...member.headers, 'x-soar-lang': 'it' } },
    );
    expect(lowItalian.json().message).toBe('Il prelievo minimo è di 10 USDT');
    const high = await apply(member, '100');
    expect(high.statusCode).toBe(400);
    expect(high.json()).toEqual({ code: 'INSUFFICIENT_BALANCE', message: 'Your available balance is not enough' });
    const fraction = await apply(member, '10.5');
    expect(fraction.json().message).toEqual(['The amount must be a whole number of at least 1']);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });

  it('checks the pay password, with its lockout', async () => {
    const member = await funded('100');
    const wrong = await apply(member, '10', { payPassword: 'nope' });
    expect(wrong.json().code).toBe('PAY_PASSWORD_WRONG');
    // a wallet bound before binding asked for the pay password, by a member who never set one
    const unset = await createMember(t.app);
    const [wallet] = await t.app.db
      .insert(walletAddresses)
      .values({ userId: unset.user.id, name: 'No password yet', currency: 'USDT', network: 'TRC20', address: trc20 })
      .returning();
    const noPassword = await api(t.app).post(
      'withdraw/apply',
      {
        amount: '10',
        currency: 'USDT',
        walletId: wallet?.id,
        payPassword,
      },
      { headers: unset.headers },
    );
    expect(noPassword.json().code).toBe('PAY_PASSWORD_NOT_SET');
    for (let i = 0; i < 4; i += 1) await apply(member, '10', { payPassword: 'nope' });
    const locked = await apply(member, '10');
    expect(locked.json().code).toBe('PAY_PASSWORD_LOCKED');
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });

  it("refuses a withdrawal to another member's wallet (IDOR)", async () => {
    const victim = await walletMember(t.app);
    const member = await funded('100');
    const response = await apply(member, '10', { walletId: victim.walletId });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('WALLET_NOT_FOUND');
  });

  it('requires a passed KYC when the setting says so', async () => {
    const member = await funded('100');
    await t.app.db
      .update(appSettings)
      .set({ value: { ...defaultWalletSetting, withdrawRequiresKyc: true } })
      .where(eq(appSettings.key, 'wallet'));
    try {
      const refused = await apply(member, '10');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Please complete identity verification before withdrawing');
      await t.app.db.update(users).set({ kycStatus: 1 }).where(eq(users.id, member.user.id));
      expect((await apply(member, '10')).statusCode).toBe(200);
    } finally {
      await t.app.db.update(appSettings).set({ value: defaultWalletSetting }).where(eq(appSettings.key, 'wallet'));
    }
  });

  it('20 concurrent withdrawals racing for one balance: exactly one wins', async () => {
    const member = await funded('101');
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(member, '100')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code)).toEqual(
      Array(19).fill('INSUFFICIENT_BALANCE'),
    );
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '0', frozen: '101' });
  });

  it('a replay with the same Idempotency-Key returns the first answer and moves nothing; another body is refused', async () => {
    const member = await funded('100');
    const headers = { ...member.headers, 'idempotency-key': 'withdraw-1' };
    const body = { amount: '10', currency: 'USDT', walletId: member.walletId, payPassword };
    const first = await api(t.app).post('withdraw/apply', body, { headers: headers });
    const replay = await api(t.app).post('withdraw/apply', body, { headers: headers });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '89', frozen: '11' });
    const other = await api(t.app).post('withdraw/apply', { ...body, amount: '20' }, { headers: headers });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    const german = await api(t.app).post(
      'withdraw/apply',
      { ...body, amount: '20' },
      { headers: { ...headers, 'x-soar-lang': 'de' } },
    );
    expect(german.json().message).toBe('Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet');
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '89', frozen: '11' });
    const stranger = await walletMember(t.app);
    await fund(t.app, stranger, operator, '50');
    const sameKeyOtherMember = await api(t.app).post(
      'withdraw/apply',
      {
        ...body,
        walletId: stranger.walletId,
      },
      { headers: { ...stranger.headers, 'idempotency-key': 'withdraw-1' } },
    );
    expect(sameKeyOtherMember.statusCode).toBe(200);
  });

  it('concurrent replays of one key freeze once', async () => {
    const member = await funded('100');
    const headers = { ...member.headers, 'idempotency-key': 'burst-1' };
    const body = { amount: '10', currency: 'USDT', walletId: member.walletId, payPassword };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api(t.app).post('withdraw/apply', body, { headers: headers })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '89', frozen: '11' });
  });

  it('lists only the own withdrawal records', async () => {
    const member = await funded('100');
    await apply(member, '10');
    const other = await createMember(t.app);
    expect((await api(t.app).get('withdraw/record/list', { headers: other.headers })).json().data.total).toBe(0);
    expect((await api(t.app).get('withdraw/record/list', { headers: member.headers })).json().data.total).toBe(1);
  });

  it('a withdrawal from EUR or JPY to a USDT wallet records what arrives in USDT and at which rate', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, operator, '1000', 'EUR');
    await fund(t.app, member, operator, '100000', 'JPY');
    const euros = await apply(member, '100', { currency: 'EUR' });
    expect(euros.statusCode, euros.body).toBe(200);
    expect(euros.json().data).toMatchObject({
      currency: 'EUR',
      amount: '100',
      fee: '1',
      arrivalCurrency: 'USDT',
      arrivalAmount: '108.5',
      rate: '1.085',
    });
    expect(await balanceOf(t.app, member.headers, 'EUR')).toEqual({ available: '899', frozen: '101' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '0', frozen: '0' });
    const yen = await apply(member, '10000', { currency: 'JPY' });
    expect(yen.json().data).toMatchObject({ arrivalCurrency: 'USDT', arrivalAmount: '65.5', rate: '0.00655' });
    const own = await apply(member, '10', { currency: 'USDT' });
    expect(own.statusCode).toBe(400);
    const records = (await api(t.app).get('withdraw/record/list', { headers: member.headers })).json().data.list;
    expect(records.map((r: { arrivalAmount: string }) => r.arrivalAmount)).toEqual(['65.5', '108.5']);
    const id = euros.json().data.id;
    const queue = (await api(t.app).get('admin/withdraw/list?status=0', { headers: operator.headers })).json().data
      .list;
    expect(queue.find((w: { id: number }) => w.id === id)).toMatchObject({ arrivalAmount: '108.5', rate: '1.085' });
    const pass = await api(t.app).post(
      'admin/withdraw/review',
      { id, status: 1, payoutReference: 'TRX-0002' },
      { headers: operator.headers },
    );
    expect(pass.json().data).toMatchObject({ status: 1, arrivalCurrency: 'USDT', arrivalAmount: '108.5' });
  });

  it('refuses a wallet for a currency its network does not carry, binding or withdrawing, in two languages', async () => {
    const member = await funded('100');
    const body = { name: 'Euro', currency: 'EUR', network: 'ERC20', address: erc20 };
    const add = await api(t.app).post('wallet/address/add', { ...body, payPassword }, { headers: member.headers });
    expect(add.statusCode).toBe(422);
    expect(add.json()).toEqual({
      code: 'WALLET_CURRENCY',
      message: 'A wallet on ERC20 cannot receive EUR: bind a USDT wallet',
    });
    const french = await api(t.app).post(
      'wallet/address/add',
      { ...body, payPassword },
      { headers: { ...member.headers, 'x-soar-lang': 'fr' } },
    );
    expect(french.json().message).toBe('Un portefeuille ERC20 ne peut pas recevoir de EUR : liez un portefeuille USDT');
    // A binding made before the check existed.
    const [legacy] = await t.app.db
      .insert(walletAddresses)
      .values({ userId: member.user.id, ...body, network: 'ERC20' })
      .returning();
    const refused = await apply(member, '10', { walletId: legacy?.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('WALLET_CURRENCY');
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });
});
