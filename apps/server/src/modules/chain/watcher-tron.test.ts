import { chainTransferStates, depositStatuses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, chainTransfers } from '../../db/schema/index.ts';
import { usdt } from '../../test/chain/evm.ts';
import { chainTestApp, depositAddress, depositRecords, trc20Xpub } from '../../test/chain/kit.ts';
import { startTronFake } from '../../test/chain/tron-fake.ts';
import { balanceOf, createMember, expectLedgerVerified } from '../../test/wallet.ts';
import { TestClient } from '../../test/ws-client.ts';
import { defaultWalletSetting } from '../wallet/index.ts';

/** Tether's TRC-20 contract and an unrelated token. */
const tetherContract = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const otherContract = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const sender = 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD';

describe('the TRC-20 deposit watcher against TRON’s HTTP API (docs/ledger.md, On chain)', () => {
  let tron: Awaited<ReturnType<typeof startTronFake>>;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let now = Date.parse('2026-11-20T10:00:00Z');
  const pass = async () => {
    now += 1000;
    const watcher = app.chain.watchers.TRC20;
    if (!watcher) throw new Error('no TRC-20 watcher');
    while (await watcher.pass(new Date(now))) now += 1;
  };
  const usdtTo = (to: string, amount: string) => ({ contract: tetherContract, from: sender, to, value: usdt(amount) });

  beforeAll(async () => {
    tron = await startTronFake();
    ({ app, close } = await chainTestApp({
      networks: { ERC20: {}, TRC20: { node: tron.url, contract: tetherContract, xpub: trc20Xpub } },
    }));
    await pass();
  }, 180_000);
  afterAll(async () => {
    await close();
    await tron.close();
  });

  it('credits a TRC-20 transfer after 3 blocks, once, and two events of one transaction twice', async () => {
    const member = await createMember(app);
    const { address, contract } = await depositAddress(app, member.headers, 'TRC20');
    expect([address?.startsWith('T'), contract]).toEqual([true, tetherContract]);
    const to = address ?? '';
    tron.send([usdtTo(to, '8'), usdtTo(to, '2.000001')]);
    await pass();
    const confirming = await depositRecords(app, member.headers);
    expect(confirming.map((record) => [record.amount, record.confirmations, record.chainState])).toEqual([
      ['2.000001', 1, 'confirming'],
      ['8', 1, 'confirming'],
    ]);
    tron.mine(2);
    await pass();
    await pass();
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('10.000001');
    expect((await depositRecords(app, member.headers)).map((record) => record.status)).toEqual([
      depositStatuses.pass,
      depositStatuses.pass,
    ]);
    await expectLedgerVerified(app);
  });

  it('drops a transfer whose block is replaced, and credits it once when the transaction is read again in another block', async () => {
    const dropped = await createMember(app);
    const moved = await createMember(app);
    const droppedTo = (await depositAddress(app, dropped.headers, 'TRC20')).address ?? '';
    const movedTo = (await depositAddress(app, moved.headers, 'TRC20')).address ?? '';
    const lost = tron.send([usdtTo(droppedTo, '5')]);
    const kept = tron.send([usdtTo(movedTo, '6')]);
    await pass();
    tron.fork(lost.block, [kept]);
    await pass();
    expect((await depositRecords(app, dropped.headers))[0]).toMatchObject({ chainState: 'dropped', status: 3 });
    const [reread] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, kept.txId));
    expect(reread).toMatchObject({ state: chainTransferStates.confirming, blockNumber: lost.block + 1 });
    tron.mine(3);
    await pass();
    expect((await balanceOf(app, moved.headers, 'USDT')).available).toBe('6');
    expect((await balanceOf(app, dropped.headers, 'USDT')).available).toBe('0');
    expect(await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, kept.txId))).toHaveLength(1);
    await expectLedgerVerified(app);
  });

  it('credits the currency the wallet setting maps USDT to, through fx', async () => {
    const member = await createMember(app);
    const to = (await depositAddress(app, member.headers, 'TRC20')).address ?? '';
    await app.db
      .update(appSettings)
      .set({ value: { ...defaultWalletSetting, depositCreditCurrency: { USDT: 'EUR' } } })
      .where(eq(appSettings.key, 'wallet'));
    try {
      tron.send([usdtTo(to, '10')]);
      await pass();
      expect((await depositRecords(app, member.headers))[0]).toMatchObject({ creditCurrency: 'EUR' });
      tron.mine(2);
      await pass();
      // 10 USDT at 1 USD over EUR's 1.0850 is 9.21658986: the credit lands in whole cents.
      expect((await balanceOf(app, member.headers, 'EUR')).available).toBe('9.22');
      expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('0');
      expect((await depositRecords(app, member.headers))[0]).toMatchObject({
        amount: '10',
        auditAmount: '10',
        convertedAmount: '9.22',
      });
      await expectLedgerVerified(app);
    } finally {
      await app.db.update(appSettings).set({ value: defaultWalletSetting }).where(eq(appSettings.key, 'wallet'));
    }
  });

  it('tells the member of each confirmation on the deposits topic, and no one else', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await createMember(app);
    const other = await createMember(app);
    const to = (await depositAddress(app, member.headers, 'TRC20')).address ?? '';
    const mine = await TestClient.connect(app, `?token=${member.token}`);
    const theirs = await TestClient.connect(app, `?token=${other.token}`);
    await mine.request({ op: 'sub', topics: ['deposits'] });
    await theirs.request({ op: 'sub', topics: ['deposits'] });
    tron.send([usdtTo(to, '4')]);
    await pass();
    const [record] = await depositRecords(app, member.headers);
    const seen = await mine.next((frame) => frame.topic === 'deposits');
    expect(seen.data).toEqual({ userId: member.user.id, id: record?.id });
    const before = mine.frames.length;
    tron.mine(1);
    await pass();
    await mine.next((frame) => frame.topic === 'deposits' && mine.frames.indexOf(frame) >= before);
    expect((await depositRecords(app, member.headers))[0]?.confirmations).toBe(2);
    expect(theirs.frames.filter((frame) => frame.topic === 'deposits')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('records another token, and skips a failed transaction', async () => {
    const member = await createMember(app);
    const to = (await depositAddress(app, member.headers, 'TRC20')).address ?? '';
    tron.send([{ contract: otherContract, from: sender, to, value: usdt('100') }]);
    const failed = tron.send([usdtTo(to, '100')], 'REVERT');
    tron.mine(3);
    await pass();
    const seen = await app.db.select().from(chainTransfers).where(eq(chainTransfers.toAddress, to));
    expect(seen.map((row) => [row.state, row.contract])).toEqual([['other_token', otherContract]]);
    expect(seen.some((row) => row.txHash === failed.txId)).toBe(false);
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('0');
  });

  it('pauses while the node answers errors, and catches up from its cursor in bounded ranges', async () => {
    const member = await createMember(app);
    const to = (await depositAddress(app, member.headers, 'TRC20')).address ?? '';
    tron.setDown(true);
    await expect(app.chain.watchers.TRC20?.pass(new Date(now))).rejects.toThrow('node answered HTTP 503');
    tron.mine(30);
    tron.send([usdtTo(to, '3')]);
    tron.mine(30);
    tron.setDown(false);
    const watcher = app.chain.watchers.TRC20;
    expect(await watcher?.pass(new Date(now))).toBe(true);
    await pass();
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('3');
  });
});
