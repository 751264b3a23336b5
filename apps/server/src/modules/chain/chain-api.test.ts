import { depositStatuses } from '@soar/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { depositAddresses, deposits } from '../../db/schema/index.ts';
import { chainTestApp, depositAddress, erc20Xpub } from '../../test/chain/kit.ts';
import { api } from '../../test/http.ts';
import { createMember, createOperator, payPassword } from '../../test/wallet.ts';

/** An address no node answers at: these tests never run the watcher. */
const silentNode = 'http://127.0.0.1:9';
const contract = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('deposit addresses and the chain calls: scoping and bad input', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await chainTestApp({
      networks: { ERC20: { node: silentNode, contract, xpub: erc20Xpub }, TRC20: {} },
    }));
  }, 180_000);
  afterAll(() => close());

  it('gives each member their own address once, the first ones the test phrase’s published addresses', async () => {
    const first = await createMember(app);
    const second = await createMember(app);
    const [a, b] = await Promise.all([
      depositAddress(app, first.headers, 'ERC20'),
      depositAddress(app, first.headers, 'ERC20'),
    ]);
    expect(a.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(b.address).toBe(a.address);
    expect(a).toMatchObject({ contract, confirmations: 3, minimum: '1', incoming: [] });
    const racing = await Promise.all(
      Array.from({ length: 5 }, async () => (await createMember(app)).headers).map(async (headers) =>
        depositAddress(app, await headers, 'ERC20'),
      ),
    );
    expect(new Set(racing.map((item) => item.address)).size).toBe(5);
    expect((await depositAddress(app, second.headers, 'ERC20')).address).not.toBe(a.address);
    const rows = await app.db.select().from(depositAddresses);
    expect(rows.map((row) => row.index).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Whoever asked second got child 0/1: the test phrase's second published address.
    expect(rows.find((row) => row.index === 1)?.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(new Set(rows.map((row) => row.userId)).size).toBe(rows.length);
  });

  it('answers no address on a network without its account key: the manual path stays', async () => {
    const member = await createMember(app);
    const answer = await depositAddress(app, member.headers, 'TRC20');
    expect(answer).toMatchObject({ network: 'TRC20', address: null, qr: null, contract: null, incoming: [] });
    const applied = await api(app).post(
      'deposit/apply',
      { type: 'crypto', currency: 'USDT', network: 'TRC20', amount: '10', txHash: `0x${'cd'.repeat(32)}` },
      { headers: member.headers },
    );
    expect(applied.statusCode, applied.body).toBe(200);
  });

  it('refuses a network outside the list, a NUL byte, no network and no session, in the request’s language', async () => {
    const member = await createMember(app);
    for (const query of ['network=BTC', 'network=ERC20%00', '', 'network=erc20']) {
      const answer = await api(app).get(`deposit/address?${query}`, { headers: member.headers, lang: 'fr' });
      expect(answer.statusCode, query).toBe(422);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await api(app).get('deposit/address?network=ERC20')).statusCode).toBe(401);
  });

  it('shows a member only their own chain deposits', async () => {
    const owner = await createMember(app);
    const other = await createMember(app);
    await depositAddress(app, owner.headers, 'ERC20');
    await app.db.insert(deposits).values({
      userId: owner.user.id,
      type: 'crypto',
      currency: 'USDT',
      amount: '12',
      creditCurrency: 'USDT',
      convertedAmount: '12',
      network: 'ERC20',
      txHash: `0x${'ef'.repeat(32)}`,
      source: 'chain',
      chainState: 'confirming',
      confirmations: 1,
      confirmationsNeeded: 3,
    });
    expect((await depositAddress(app, owner.headers, 'ERC20')).incoming).toHaveLength(1);
    expect((await depositAddress(app, other.headers, 'ERC20')).incoming).toEqual([]);
    const records = await api(app).get('deposit/record/list', { headers: other.headers });
    expect(records.json().data.list).toEqual([]);
  });

  it('refuses a hand review of a deposit the watcher credits, in two languages, moving nothing', async () => {
    const member = await createMember(app);
    const finance = await createOperator(app, { role: 'finance' });
    const [row] = await app.db
      .insert(deposits)
      .values({
        userId: member.user.id,
        type: 'crypto',
        currency: 'USDT',
        amount: '50',
        creditCurrency: 'USDT',
        convertedAmount: '50',
        network: 'ERC20',
        source: 'chain',
        chainState: 'confirming',
        confirmations: 2,
        confirmationsNeeded: 3,
      })
      .returning();
    for (const [lang, message] of [
      ['en', 'This deposit is credited by the network once it has its confirmations; it cannot be reviewed by hand.'],
      ['ja', 'この入金は必要な承認数に達するとネットワークにより入金されます。手動で審査することはできません。'],
    ]) {
      const answer = await api(app).post(
        'admin/deposit/review',
        { id: row?.id, status: depositStatuses.pass },
        { headers: finance.headers, lang },
      );
      expect([answer.statusCode, answer.json().code, answer.json().message]).toEqual([
        409,
        'DEPOSIT_ON_CHAIN',
        message,
      ]);
    }
    const balance = await api(app).get('wallet/balance', { headers: member.headers });
    expect(balance.json().data.total).toBe('0');
  });

  it('refuses bad operator input and other roles on the chain calls', async () => {
    const finance = await createOperator(app, { role: 'finance' });
    const trading = await createOperator(app, { role: 'trading' });
    const member = await createMember(app);
    expect((await api(app).get('admin/chain/status', { headers: trading.headers })).statusCode).toBe(403);
    expect((await api(app).get('admin/chain/status', { headers: member.headers })).statusCode).toBe(401);
    const review = (body: unknown) => api(app).post('admin/chain/transfer/review', body, { headers: finance.headers });
    const cases: [unknown, number][] = [
      [{ id: 2 ** 31, decision: 'credit', remark: 'x' }, 422],
      [{ id: 1, decision: 'steal', remark: 'x' }, 422],
      [{ id: 1, decision: 'dismiss' }, 422],
      [{ id: 1, decision: 'dismiss', remark: 'a\u0000b' }, 422],
      [{ id: 1, decision: 'dismiss', remark: 'x'.repeat(501) }, 422],
      [{ id: 1, decision: 'credit', uid: 12345678, remark: 'x' }, 422],
      [{ id: 1, decision: 'credit', uid: '1234567', remark: 'x' }, 422],
      [{ id: 2 ** 31 - 1, decision: 'dismiss', remark: 'x' }, 404],
    ];
    for (const [body, status] of cases) expect((await review(body)).statusCode, JSON.stringify(body)).toBe(status);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/chain/transfer/review',
      headers: { ...finance.headers, 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(malformed.statusCode).toBe(400);
    const decide = (body: unknown) => api(app).post('admin/chain/payout/decide', body, { headers: finance.headers });
    expect((await decide({ id: 2 ** 31 - 1, decision: 'refund', remark: 'x' })).statusCode).toBe(404);
    expect((await decide({ id: 1, decision: 'refund' })).statusCode).toBe(422);
    expect((await decide({ id: 1, decision: 'pay twice', remark: 'x' })).statusCode).toBe(422);
    for (const query of ['state=lost', 'network=BTC', 'page=0', 'pageSize=101']) {
      expect((await api(app).get(`admin/chain/transfer/list?${query}`, { headers: finance.headers })).statusCode).toBe(
        422,
      );
    }
  });

  it('a withdrawal address must be valid for its network', async () => {
    const member = await createMember(app);
    await setPayPassword(app.db, member.user.id, payPassword);
    for (const [network, address] of [
      ['ERC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'],
      ['ERC20', '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
      ['TRC20', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
      ['TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM'],
    ]) {
      const answer = await api(app).post(
        'wallet/address/add',
        { name: 'x', currency: 'USDT', network, address, payPassword },
        { headers: member.headers },
      );
      expect(answer.json().code, address).toBe('ADDRESS_INVALID');
    }
  });
});
