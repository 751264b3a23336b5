import net from 'node:net';
import { chainTransferStates, depositStatuses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { Wallet } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainNetworks, chainTransfers, depositChannels, users } from '../../db/schema/index.ts';
import { type EvmNetwork, startEvmNode, usdt } from '../../test/chain/evm.ts';
import { chainTestApp, depositAddress, depositRecords, erc20Xpub } from '../../test/chain/kit.ts';
import { api } from '../../test/http.ts';
import { balanceOf, createMember, createOperator, expectLedgerVerified } from '../../test/wallet.ts';

/**
 * A TCP relay in front of the node: closing it is a node outage the watcher must sit out. While it is
 * down, a connection the kernel accepted before the listener closed is dropped on arrival, or the
 * listener's close would wait for it.
 */
async function relay(target: string) {
  const { port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((socket) => {
    if (!open) {
      socket.destroy();
      return;
    }
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    sockets.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
      sockets.delete(socket);
      sockets.delete(upstream);
    };
    socket.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    async down() {
      open = false;
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async up() {
      await listen(port);
      open = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the ERC-20 deposit watcher against a real node (docs/ledger.md, On chain)', () => {
  let chain: EvmNetwork;
  let node: Awaited<ReturnType<typeof relay>>;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let now = Date.parse('2026-11-20T10:00:00Z');
  const pass = async () => {
    now += 1000;
    const watcher = app.chain.watchers.ERC20;
    if (!watcher) throw new Error('no ERC-20 watcher');
    return watcher.pass(new Date(now));
  };

  beforeAll(async () => {
    chain = await startEvmNode();
    node = await relay(chain.url);
    ({ app, close } = await chainTestApp({
      networks: { ERC20: { node: node.url, contract: chain.tokenAddress, xpub: erc20Xpub }, TRC20: {} },
    }));
    await pass();
  }, 180_000);
  afterAll(async () => {
    await close();
    await node.close();
    await chain.close();
  });

  it('credits a transfer to a member’s address exactly once, after 3 blocks, showing each confirmation', async () => {
    const member = await createMember(app);
    const { address } = await depositAddress(app, member.headers, 'ERC20');
    if (!address) throw new Error('no address');
    await (await chain.token.getFunction('transfer')(address, usdt('25.5'))).wait();

    await pass();
    let [record] = await depositRecords(app, member.headers);
    expect(record).toMatchObject({
      source: 'chain',
      amount: '25.5',
      status: depositStatuses.wait,
      chainState: chainTransferStates.confirming,
      confirmations: 1,
      confirmationsNeeded: 3,
    });
    expect(await balanceOf(app, member.headers, 'USDT')).toEqual({ available: '0', frozen: '0' });

    await chain.mine();
    await pass();
    [record] = await depositRecords(app, member.headers);
    expect(record?.confirmations).toBe(2);
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('0');

    await chain.mine();
    await pass();
    [record] = await depositRecords(app, member.headers);
    expect(record).toMatchObject({ status: depositStatuses.pass, chainState: 'credited', confirmations: 3 });
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('25.5');

    await chain.mine(2);
    await pass();
    await pass();
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('25.5');
    const incoming = await depositAddress(app, member.headers, 'ERC20');
    expect(incoming.incoming.map((item) => item.chainState)).toEqual(['credited']);
    await expectLedgerVerified(app);
  });

  it('drops a transfer whose block is reorganised away before 3 confirmations, and never credits it', async () => {
    const member = await createMember(app);
    const { address } = await depositAddress(app, member.headers, 'ERC20');
    const snapshot = await chain.rpc<string>('evm_snapshot');
    await (await chain.token.getFunction('transfer')(address, usdt('40'))).wait();
    await pass();
    expect((await depositRecords(app, member.headers))[0]).toMatchObject({
      chainState: 'confirming',
      confirmations: 1,
    });

    await chain.rpc('evm_revert', [snapshot]);
    await chain.mine(4);
    await pass();
    const [record] = await depositRecords(app, member.headers);
    expect(record).toMatchObject({ chainState: 'dropped', status: depositStatuses.refuse, confirmations: 0 });
    await chain.mine(3);
    await pass();
    expect((await depositRecords(app, member.headers))[0]?.chainState).toBe('dropped');
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('0');
    await expectLedgerVerified(app);
  });

  it('credits two transfers of one transaction as two deposits', async () => {
    const first = await createMember(app);
    const second = await createMember(app);
    const a = (await depositAddress(app, first.headers, 'ERC20')).address;
    const b = (await depositAddress(app, second.headers, 'ERC20')).address;
    const sent = await (
      await chain.token.getFunction('transferMany')([a, b, a], [usdt('10'), usdt('20'), usdt('7.25')])
    ).wait();
    await chain.mine(2);
    await pass();
    const firstRecords = await depositRecords(app, first.headers);
    expect(firstRecords.map((record) => [record.amount, record.chainState, record.txHash])).toEqual([
      ['7.25', 'credited', sent.hash],
      ['10', 'credited', sent.hash],
    ]);
    expect((await balanceOf(app, first.headers, 'USDT')).available).toBe('17.25');
    expect((await balanceOf(app, second.headers, 'USDT')).available).toBe('20');
    const rows = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, sent.hash));
    expect(rows.map((row) => row.logIndex).sort()).toEqual([0, 1, 2]);
    await expectLedgerVerified(app);
  });

  it('records transfers of another token and below the minimum, and credits neither', async () => {
    const member = await createMember(app);
    const { address } = await depositAddress(app, member.headers, 'ERC20');
    const other = await chain.deployOtherToken();
    await (await other.getFunction('transfer')(address, usdt('500'))).wait();
    await (await chain.token.getFunction('transfer')(address, usdt('0.5'))).wait();
    await chain.mine(3);
    await pass();
    const records = await depositRecords(app, member.headers);
    expect(records.map((record) => [record.amount, record.chainState, record.status])).toEqual([
      ['0.5', 'below_minimum', depositStatuses.refuse],
    ]);
    const seen = await app.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.toAddress, address ?? ''));
    expect(seen.map((row) => [row.state, row.value]).sort()).toEqual([
      ['below_minimum', '500000'],
      ['other_token', '500000000'],
    ]);
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('0');
  });

  it('holds a transfer to a frozen member and to a deposit channel for an operator, who credits or dismisses it', async () => {
    const frozen = await createMember(app);
    const { address } = await depositAddress(app, frozen.headers, 'ERC20');
    await app.db.update(users).set({ loginFrozen: true }).where(eq(users.id, frozen.user.id));
    await (await chain.token.getFunction('transfer')(address, usdt('30'))).wait();
    await chain.mine(2);
    await pass();
    expect((await depositRecords(app, frozen.headers))[0]).toMatchObject({ chainState: 'held', status: 0 });
    const [held] = await app.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.toAddress, address ?? ''));
    expect(held).toMatchObject({ state: 'held', holdReason: 'frozen_member' });

    const finance = await createOperator(app, { role: 'finance' });
    const credited = await api(app).post(
      'admin/chain/transfer/review',
      { id: held?.id, decision: 'credit', remark: 'frozen for KYC, funds are theirs' },
      { headers: finance.headers },
    );
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().data).toMatchObject({ state: 'credited', userId: frozen.user.id, amount: '30' });
    const again = await api(app).post(
      'admin/chain/transfer/review',
      { id: held?.id, decision: 'dismiss', remark: 'twice' },
      { headers: finance.headers },
    );
    expect(again.json().code).toBe('ALREADY_REVIEWED');
    await app.db.update(users).set({ loginFrozen: false }).where(eq(users.id, frozen.user.id));
    expect((await balanceOf(app, frozen.headers, 'USDT')).available).toBe('30');

    // The shared address of a deposit channel belongs to no member: the operator names one.
    const shared = Wallet.createRandom().address;
    await app.db
      .insert(depositChannels)
      .values({ type: 'crypto', currency: 'USDT', network: 'ERC20', address: shared });
    const payer = await createMember(app);
    await (await chain.token.getFunction('transfer')(shared, usdt('9'))).wait();
    await (await chain.token.getFunction('transfer')(shared, usdt('4'))).wait();
    await chain.mine(2);
    await pass();
    const [first, second] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.toAddress, shared));
    expect([first?.state, first?.holdReason, first?.userId]).toEqual(['held', 'no_member', null]);
    const review = (body: object, lang = 'en') =>
      api(app).post('admin/chain/transfer/review', body, { headers: finance.headers, lang });
    expect((await review({ id: first?.id, decision: 'credit', remark: 'reported' })).json().code).toBe(
      'CHAIN_MEMBER_REQUIRED',
    );
    // The member is named by UID: an unknown one, or a database id, is a 422 naming the field.
    const unknown = await review({ id: first?.id, decision: 'credit', uid: '99999998', remark: 'x' }, 'de');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      422,
      ['Mitglieds-UID: Kein Mitglied hat die UID 99999998'],
    ]);
    const byId = await review({ id: first?.id, decision: 'credit', uid: String(payer.user.id), remark: 'x' });
    expect([byId.statusCode, byId.json().message]).toEqual([422, ['Member UID must be 8 digits, such as 10000001']]);
    const credit = await review({ id: first?.id, decision: 'credit', uid: payer.user.uid, remark: 'ticket 12' });
    expect(credit.json().data).toMatchObject({ state: 'credited', userId: payer.user.id });
    expect((await balanceOf(app, payer.headers, 'USDT')).available).toBe('9');
    const wrongMember = await review({ id: held?.id, decision: 'credit', uid: payer.user.uid, remark: 'x' });
    expect(wrongMember.json().code).toBe('ALREADY_REVIEWED');
    const dismissed = await review({ id: second?.id, decision: 'dismiss', remark: 'returned to sender' });
    expect(dismissed.json().data).toMatchObject({ state: 'dismissed', remark: 'returned to sender' });
    expect((await balanceOf(app, payer.headers, 'USDT')).available).toBe('9');
    await expectLedgerVerified(app);
  });

  it('pauses while the node is down, shows it to operators, and catches up on its return', async () => {
    const member = await createMember(app);
    const { address } = await depositAddress(app, member.headers, 'ERC20');
    await node.down();
    await expect(pass()).rejects.toThrow('node unreachable');
    const [down] = await app.db.select().from(chainNetworks).where(eq(chainNetworks.network, 'ERC20'));
    expect(down).toMatchObject({ nodeState: 'down' });
    const finance = await createOperator(app, { role: 'finance' });
    const status = await api(app).get('admin/chain/status', { headers: finance.headers });
    expect(status.json().data[0]).toMatchObject({ network: 'ERC20', nodeState: 'down', watching: true });
    expect(status.json().data[0].nodeError).toContain('node unreachable');

    await (await chain.token.getFunction('transfer')(address, usdt('12'))).wait();
    await chain.mine(5);
    await node.up();
    await pass();
    expect((await balanceOf(app, member.headers, 'USDT')).available).toBe('12');
    const [up] = await app.db.select().from(chainNetworks).where(eq(chainNetworks.network, 'ERC20'));
    expect(up).toMatchObject({ nodeState: 'ok', nodeError: null, failingSince: null, latestBlock: await chain.head() });
    await expectLedgerVerified(app);
  });
});
