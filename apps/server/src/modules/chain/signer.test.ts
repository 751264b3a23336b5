import { payoutStates, withdrawStatuses } from '@soar/contract';
import { eq, isNotNull } from 'drizzle-orm';
import { type Contract, Wallet } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { chainNonces, chainSends, withdrawals } from '../../db/schema/index.ts';
import { type EvmNetwork, startEvmNode, usdt } from '../../test/chain/evm.ts';
import { rpcGate } from '../../test/chain/gate.ts';
import { chainTestApp } from '../../test/chain/kit.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  boundWallet,
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  payPassword,
} from '../../test/wallet.ts';
import { Ledger } from '../ledger/index.ts';
import { EvmNode } from './evm-node.ts';
import { EvmHotWallet, readHotWalletKey } from './hot-wallet.ts';
import { PayoutSigner, type SignerOptions } from './signer.ts';

const minute = 60_000;

describe('the ERC-20 withdrawal signer against a real node (docs/ledger.md, On chain)', { timeout: 120_000 }, () => {
  let chain: EvmNetwork;
  let gate: Awaited<ReturnType<typeof rpcGate>>;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let finance: Awaited<ReturnType<typeof createOperator>>;
  let now = Date.parse('2026-11-20T10:00:00Z');

  const signer = () => {
    if (!app.chain.signer) throw new Error('no signer');
    return app.chain.signer;
  };
  const pass = async (signing = signer(), advanceMs = 1000) => {
    now += advanceMs;
    const more = await signing.pass(new Date(now));
    await minedSends();
    return more;
  };
  /** Waits for every broadcast send's block: the node mines each just after it answers. */
  const minedSends = async () => {
    const sends = await app.db.select().from(chainSends).where(isNotNull(chainSends.broadcastAt));
    for (const send of sends) await chain.mined(send.txHash);
  };
  /** Another signer on the same database and key: what a restarted engine node runs. */
  const freshSigner = (options: Partial<SignerOptions> = {}) => {
    const node = new EvmNode(gate.url);
    const wallet = new EvmHotWallet(readHotWalletKey(chain.hotWalletKeyFile), node, chain.tokenAddress);
    return new PayoutSigner(app.db, new Ledger(app.db, app.bus), node, wallet, { confirmations: 3, ...options });
  };
  const transfersTo = async (address: string) => {
    const token = chain.token as Contract;
    const filter = token.filters.Transfer?.(null, address);
    if (!filter) throw new Error('no Transfer filter');
    return token.queryFilter(filter, 0, 'latest');
  };

  /** A member who withdraws `amount` USDT to a fresh ERC-20 address, passed by finance. */
  async function passedWithdrawal(amount: string) {
    const member = await createMember(app);
    await setPayPassword(app.db, member.user.id, payPassword);
    const to = Wallet.createRandom().address;
    // Bound before the test: binding through the API starts a withdrawal hold (holds.test.ts).
    const walletId = await boundWallet(app, member.user.id, { name: 'Cold', network: 'ERC20', address: to });
    await fund(app, member, finance, '5000');
    const applied = await api(app).post(
      'withdraw/apply',
      { amount, currency: 'USDT', walletId, payPassword },
      { headers: member.headers },
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const id = applied.json().data.id as number;
    const passed = await api(app).post(
      'admin/withdraw/review',
      { id, status: withdrawStatuses.pass },
      { headers: finance.headers },
    );
    expect(passed.json().data).toMatchObject({ status: withdrawStatuses.pass, payoutState: payoutStates.queued });
    return { member, to, id };
  }

  async function record(member: { headers: Record<string, string> }, id: number) {
    const list = (await api(app).get('withdraw/record/list', { headers: member.headers })).json().data.list;
    return list.find((item: { id: number }) => item.id === id) as { payoutState: string; txHash: string | null };
  }

  beforeAll(async () => {
    chain = await startEvmNode();
    gate = await rpcGate(chain.url);
    ({ app, close } = await chainTestApp(
      {
        networks: { ERC20: { node: gate.url, contract: chain.tokenAddress }, TRC20: {} },
        hotWalletKeyFile: chain.hotWalletKeyFile,
      },
      { chain: { dropAfterMs: 10 * minute } },
    ));
    finance = await createOperator(app, { role: 'finance' });
    await (await chain.token.getFunction('transfer')(chain.hot, usdt('1000'))).wait();
  }, 180_000);
  afterAll(async () => {
    await close();
    await gate.close();
    await chain.close();
  });

  it('sends a passed withdrawal, and shows it paid with its hash once it has 3 confirmations', async () => {
    const { member, to, id } = await passedWithdrawal('100');
    await pass();
    const sending = await record(member, id);
    expect(sending.payoutState).toBe(payoutStates.sending);
    expect(sending.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain.provider.getTransactionReceipt(sending.txHash ?? '');
    expect(receipt?.status).toBe(1);

    await chain.mine();
    await pass();
    expect((await record(member, id)).payoutState).toBe(payoutStates.sending);
    await chain.mine();
    await pass();
    expect(await record(member, id)).toMatchObject({ payoutState: payoutStates.paid, txHash: sending.txHash });
    expect(await chain.token.getFunction('balanceOf')(to)).toBe(usdt('100'));
    expect(await transfersTo(to)).toHaveLength(1);

    const list = await api(app).get('admin/chain/payout/list?state=paid', { headers: finance.headers });
    expect(list.json().data.list[0]).toMatchObject({ id, txHash: sending.txHash, sends: 1, payoutState: 'paid' });
    const status = await api(app).get('admin/chain/status', { headers: finance.headers });
    expect(status.json().data[0]).toMatchObject({ hotWallet: chain.hot, hotBalance: '900', payoutsPending: 0 });
    await expectLedgerVerified(app);
  });

  it('sends once when the engine dies between storing the signed transaction and broadcasting it', async () => {
    const { member, to, id } = await passedWithdrawal('50');
    const crash = new Error('killed between store and broadcast');
    const dying = freshSigner({
      afterStore: () => {
        throw crash;
      },
    });
    await expect(pass(dying)).rejects.toBe(crash);
    const [stored] = await app.db.select().from(chainSends).where(eq(chainSends.withdrawalId, id));
    expect(stored).toMatchObject({ broadcastAt: null, kind: 'transfer' });
    expect(await chain.provider.getTransaction(stored?.txHash ?? '')).toBeNull();
    expect((await record(member, id)).payoutState).toBe(payoutStates.sending);

    await pass(freshSigner());
    await chain.mine(2);
    await pass(freshSigner());
    expect(await record(member, id)).toMatchObject({ payoutState: payoutStates.paid, txHash: stored?.txHash });
    expect(await transfersTo(to)).toHaveLength(1);
    const sends = await app.db.select().from(chainSends).where(eq(chainSends.withdrawalId, id));
    expect(sends).toHaveLength(1);
    const [nonce] = await app.db.select().from(chainNonces);
    expect(nonce?.next).toBe((stored?.nonce ?? -1) + 1);
  });

  it('sends once when the engine dies after broadcasting, before it recorded the broadcast', async () => {
    const { member, to, id } = await passedWithdrawal('20');
    const dying = freshSigner({
      afterStore: async (send) => {
        await chain.rpc('eth_sendRawTransaction', [send.rawTx]);
        throw new Error('killed after the broadcast left');
      },
    });
    await expect(pass(dying)).rejects.toThrow('killed after');
    await pass(freshSigner());
    await chain.mine(2);
    await pass(freshSigner());
    expect((await record(member, id)).payoutState).toBe(payoutStates.paid);
    expect(await transfersTo(to)).toHaveLength(1);
    expect(await chain.token.getFunction('balanceOf')(to)).toBe(usdt('20'));
  });

  it('gives a reverted transfer to an operator, who retries it with a new nonce or refunds it', async () => {
    const retried = await passedWithdrawal('30');
    const refunded = await passedWithdrawal('40');
    await (await chain.token.getFunction('setBlocked')(retried.to, true)).wait();
    await (await chain.token.getFunction('setBlocked')(refunded.to, true)).wait();
    await pass();
    await chain.mine(2);
    await pass();
    for (const { member, id } of [retried, refunded]) {
      expect((await record(member, id)).payoutState).toBe(payoutStates.failed);
    }
    const failed = await api(app).get('admin/chain/payout/list?state=failed', { headers: finance.headers });
    expect(failed.json().data.list.map((item: { id: number; payoutFailure?: string }) => item.id)).toEqual([
      refunded.id,
      retried.id,
    ]);
    const before = await balanceOf(app, refunded.member.headers, 'USDT');
    const decide = (body: object) => api(app).post('admin/chain/payout/decide', body, { headers: finance.headers });
    const refund = await decide({ id: refunded.id, decision: 'refund', remark: 'address blocked by the issuer' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data.payoutState).toBe(payoutStates.refunded);
    // 40 and its fee (1% at least $1: 1) come back.
    expect((await balanceOf(app, refunded.member.headers, 'USDT')).available).toBe(
      String(Number(before.available) + 41),
    );
    expect((await decide({ id: refunded.id, decision: 'retry', remark: 'again' })).json().code).toBe(
      'ALREADY_REVIEWED',
    );

    await (await chain.token.getFunction('setBlocked')(retried.to, false)).wait();
    const retry = await decide({ id: retried.id, decision: 'retry', remark: 'unblocked' });
    expect(retry.json().data.payoutState).toBe(payoutStates.queued);
    await pass();
    await chain.mine(2);
    await pass();
    expect((await record(retried.member, retried.id)).payoutState).toBe(payoutStates.paid);
    expect(await transfersTo(retried.to)).toHaveLength(1);
    const sends = await app.db.select().from(chainSends).where(eq(chainSends.withdrawalId, retried.id));
    expect(new Set(sends.map((send) => send.nonce)).size).toBe(2);
    await expectLedgerVerified(app);
  });

  it('holds a withdrawal larger than the hot wallet with a clear status, and sends it once topped up', async () => {
    const { member, to, id } = await passedWithdrawal('2000');
    await pass();
    expect((await record(member, id)).payoutState).toBe(payoutStates.waitingFunds);
    const status = await api(app).get('admin/chain/status', { headers: finance.headers });
    expect(status.json().data[0]).toMatchObject({ payoutsPending: 1, payoutsPendingAmount: '2000' });
    await (await chain.token.getFunction('transfer')(chain.hot, usdt('2000'))).wait();
    await pass();
    await chain.mine(2);
    await pass();
    expect((await record(member, id)).payoutState).toBe(payoutStates.paid);
    expect(await chain.token.getFunction('balanceOf')(to)).toBe(usdt('2000'));
  });

  it('a dropped send is retried with the same nonce, or cancelled with it before the refund', async () => {
    const retried = await passedWithdrawal('15');
    const refunded = await passedWithdrawal('16');
    gate.refuseBroadcasts(true);
    await pass();
    await pass(signer(), 11 * minute);
    for (const { member, id } of [retried, refunded]) {
      expect((await record(member, id)).payoutState).toBe(payoutStates.failed);
    }
    gate.refuseBroadcasts(false);
    const decide = (body: object) => api(app).post('admin/chain/payout/decide', body, { headers: finance.headers });
    expect((await decide({ id: retried.id, decision: 'retry', remark: 'node lost it' })).json().data.payoutState).toBe(
      payoutStates.replacing,
    );
    expect(
      (await decide({ id: refunded.id, decision: 'refund', remark: 'member asked' })).json().data.payoutState,
    ).toBe(payoutStates.cancelling);
    const before = await balanceOf(app, refunded.member.headers, 'USDT');
    await pass();
    await pass();
    await chain.mine(2);
    await pass();
    expect((await record(retried.member, retried.id)).payoutState).toBe(payoutStates.paid);
    expect((await record(refunded.member, refunded.id)).payoutState).toBe(payoutStates.refunded);
    expect((await balanceOf(app, refunded.member.headers, 'USDT')).available).toBe(
      String(Number(before.available) + 17),
    );
    const retriedSends = await app.db.select().from(chainSends).where(eq(chainSends.withdrawalId, retried.id));
    const refundedSends = await app.db.select().from(chainSends).where(eq(chainSends.withdrawalId, refunded.id));
    expect(retriedSends.map((send) => send.kind)).toEqual(['transfer', 'transfer']);
    expect(new Set(retriedSends.map((send) => send.nonce)).size).toBe(1);
    expect(refundedSends.map((send) => send.kind)).toEqual(['transfer', 'cancel']);
    expect(new Set(refundedSends.map((send) => send.nonce)).size).toBe(1);

    // The first, dropped transfer can no longer be mined: its nonce is taken.
    await chain.rpc('eth_sendRawTransaction', [refundedSends[0]?.rawTx]).catch(() => undefined);
    await chain.mine(2);
    expect(await chain.provider.getTransactionReceipt(refundedSends[0]?.txHash ?? '')).toBeNull();
    expect(await transfersTo(refunded.to)).toHaveLength(0);
    expect(await transfersTo(retried.to)).toHaveLength(1);
    const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.id, refunded.id));
    expect(row?.payoutState).toBe(payoutStates.refunded);
    await expectLedgerVerified(app);
  });
});
