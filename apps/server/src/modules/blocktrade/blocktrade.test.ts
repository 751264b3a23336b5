import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { auditLog, notices, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { platformBalance } from '../../test/products.ts';
import { createTradeApp, credit, tick } from '../../test/trade-kit.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  type Headers,
  payPassword,
} from '../../test/wallet.ts';

// AAPL: US market, lot 1; US fees 0.05 % commission (minimum 1) plus 0.50 per order.
// 10,000 AAPL at a block price of 95.00: notional 950,000.00, commission 475.00, fee 475.50,
// frozen 950,475.50.
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let operator: { headers: Headers };
let member: { headers: Headers; user: { id: number } };

type Member = { headers: Headers; user: { id: number } };

async function investor(amount = '2000000', currency = 'USD'): Promise<Member> {
  const created = await createMember(t.app);
  await setPayPassword(t.app.db, created.user.id, payPassword);
  await credit(t.app, created.user.id, currency, amount);
  return created;
}

async function createOffer(input: object = {}) {
  const response = await api(t.app).post(
    'admin/blocktrade/offer/create',
    {
      symbol: 'AAPL',
      price: '95.00',
      minQuantity: 10_000,
      maxQuantity: 30_000,
      opensAt: '2026-11-16T00:00:00Z',
      closesAt: '2026-11-20T00:00:00Z',
      ...input,
    },
    { headers: operator.headers },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number };
}

function order(who: Member, offerId: number, quantity: number, extra: object = {}) {
  return api(t.app).post('blocktrade/order', { offerId, quantity, payPassword, ...extra }, { headers: who.headers });
}

function review(id: number, status: 1 | 2, reason?: string) {
  return api(t.app).post(
    'admin/order/review',
    { id, status, ...(reason ? { reason } : {}) },
    { headers: operator.headers },
  );
}

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
  operator = await createOperator(t.app, { role: 'trading' });
});
beforeEach(async () => {
  member = await investor();
  await tick(t.app, 'AAPL', '100.00');
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('offers', () => {
  it('shows a discount offer to guests at the live price less the discount, with its window and quantities', async () => {
    const offer = await createOffer({ price: undefined, discount: '0.05' });
    const detail = await api(t.app).get(`blocktrade/detail?id=${offer.id}`, { headers: {} });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: offer.id,
      symbol: 'AAPL',
      market: 'US',
      currency: 'USD',
      lotSize: 1,
      price: null,
      discount: '0.05',
      lastPrice: '100.00',
      blockPrice: '95',
      discountToLast: '0.05',
      minQuantity: 10_000,
      maxQuantity: 30_000,
      orderedQuantity: 0,
      remainingQuantity: 30_000,
      status: 'open',
    });
    const scheduled = await createOffer({ opensAt: '2026-11-25T00:00:00Z', closesAt: '2026-11-30T00:00:00Z' });
    const open = (await api(t.app).get('blocktrade/list?status=open&pageSize=100', { headers: {} })).json().data.list;
    expect(open.map((item: { id: number }) => item.id)).toContain(offer.id);
    expect(open.map((item: { id: number }) => item.id)).not.toContain(scheduled.id);
    const list = (await api(t.app).get('blocktrade/list?status=scheduled', { headers: {} })).json().data.list;
    expect(list).toMatchObject([{ id: scheduled.id, status: 'scheduled' }]);
  });

  it('refuses an offer with both a price and a discount, a minimum below 10,000 or an unknown symbol, in two languages', async () => {
    const both = await api(t.app).post(
      'admin/blocktrade/offer/create',
      {
        symbol: 'AAPL',
        price: '95',
        discount: '0.05',
        minQuantity: 10_000,
        maxQuantity: 30_000,
        opensAt: '2026-11-16T00:00:00Z',
        closesAt: '2026-11-20T00:00:00Z',
      },
      { headers: operator.headers },
    );
    expect(both.json()).toEqual({
      code: 'BLOCKTRADE_OFFER_INVALID',
      message: 'Give either a block price or a discount, not both',
    });
    const small = await api(t.app).post(
      'admin/blocktrade/offer/create',
      {
        symbol: 'AAPL',
        price: '95',
        minQuantity: 9_999,
        maxQuantity: 30_000,
        opensAt: '2026-11-16T00:00:00Z',
        closesAt: '2026-11-20T00:00:00Z',
      },
      { headers: operator.headers },
    );
    expect(small.statusCode).toBe(422);
    const unknown = await api(t.app).post(
      'admin/blocktrade/offer/create',
      {
        symbol: 'NOPE',
        price: '95',
        minQuantity: 10_000,
        maxQuantity: 30_000,
        opensAt: '2026-11-16T00:00:00Z',
        closesAt: '2026-11-20T00:00:00Z',
      },
      { headers: { ...operator.headers, 'x-soar-lang': 'de' } },
    );
    expect(unknown.json()).toEqual({
      code: 'BLOCKTRADE_OFFER_INVALID',
      message: 'NOPE ist keine hier gehandelte Aktie',
    });
    const forMember = await api(t.app).post('admin/blocktrade/offer/create', {}, { headers: member.headers });
    expect(forMember.statusCode).toBe(401);
  });

  it('an operator changes and closes an offer, both audited; a closed offer takes no orders', async () => {
    const offer = await createOffer();
    const updated = await api(t.app).post(
      'admin/blocktrade/offer/update',
      {
        id: offer.id,
        discount: '0.1',
        maxQuantity: 50_000,
      },
      { headers: operator.headers },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ price: null, discount: '0.1', blockPrice: '90', maxQuantity: 50_000 });
    const closed = await api(t.app).post(
      'admin/blocktrade/offer/close',
      { id: offer.id },
      { headers: operator.headers },
    );
    expect(closed.json().data).toMatchObject({ status: 'closed', closedAt: new Date(now).toISOString() });
    expect((await order(member, offer.id, 10_000)).json().code).toBe('BLOCKTRADE_NOT_OPEN');
    const again = await api(t.app).post(
      'admin/blocktrade/offer/close',
      { id: offer.id },
      { headers: operator.headers },
    );
    expect(again.json().code).toBe('BLOCKTRADE_OFFER_CLOSED');
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'blocktrade_offer'), eq(auditLog.entityId, String(offer.id))));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'blocktrade.close',
      'blocktrade.create',
      'blocktrade.update',
    ]);
  });
});

describe('ordering and the review', () => {
  it('freezes price x quantity + fee, and a pass opens a long position at the block price with exact money', async () => {
    const offer = await createOffer();
    const preview = await api(t.app).get(`blocktrade/preview?offerId=${offer.id}&quantity=10000`, {
      headers: member.headers,
    });
    expect(preview.json().data).toMatchObject({
      price: '95',
      notional: '950000',
      fee: '475.5',
      total: '950475.5',
      available: '2000000',
      availableAfter: '1049524.5',
    });
    const placed = await order(member, offer.id, 10_000);
    expect(placed.statusCode, placed.body).toBe(200);
    const placedOrder = placed.json().data;
    expect(placedOrder).toMatchObject({
      offerId: offer.id,
      symbol: 'AAPL',
      quantity: 10_000,
      price: '95',
      fee: '475.5',
      total: '950475.5',
      frozen: '950475.5',
      status: 'pending',
      positionId: null,
    });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '1049524.5', frozen: '950475.5' });
    const offerNow = (await api(t.app).get(`blocktrade/detail?id=${offer.id}`, { headers: {} })).json().data;
    expect(offerNow).toMatchObject({ orderedQuantity: 10_000, remainingQuantity: 20_000 });
    const queue = (await api(t.app).get('admin/order/list', { headers: operator.headers })).json().data.list;
    expect(queue.map((row: { id: number }) => row.id)).toContain(placedOrder.id);

    const trading = await platformBalance(t.app, 'trading', 'USD');
    const fees = await platformBalance(t.app, 'fees', 'USD');
    // The market moved: the pass still fills at the block price.
    await tick(t.app, 'AAPL', '103.00');
    const passed = await review(placedOrder.id, 1);
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data).toMatchObject({
      status: 'filled',
      fillPrice: '95',
      fee: '475.5',
      fillReason: {
        key: 'blockOfferPassed',
        text: 'Block offer order passed by review: filled at the block price 95.00',
      },
    });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '1049524.5', frozen: '0' });
    expect(Number(await platformBalance(t.app, 'trading', 'USD')) - Number(trading)).toBe(950_000);
    expect(Number(await platformBalance(t.app, 'fees', 'USD')) - Number(fees)).toBe(475.5);
    const [position] = await t.app.db.select().from(tradePositions).where(eq(tradePositions.userId, member.user.id));
    expect(position).toMatchObject({ direction: 'buy', quantity: 10_000, openPrice: '95.00000000', status: 'open' });
    const mine = (await api(t.app).get('blocktrade/order/list', { headers: member.headers })).json().data;
    expect(mine.list).toMatchObject([{ id: placedOrder.id, status: 'passed', positionId: position?.id, price: '95' }]);
    const kinds = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(kinds.map((row) => row.kind)).toContain('orderFilled');
  });

  it('a retried order with the same Idempotency-Key answers the first order and freezes once', async () => {
    const offer = await createOffer();
    const body = { offerId: offer.id, quantity: 10_000, payPassword };
    const headers = { ...member.headers, 'idempotency-key': 'block-1' };
    const first = await api(t.app).post('blocktrade/order', body, { headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await api(t.app).post('blocktrade/order', body, { headers });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '1049524.5', frozen: '950475.5' });
  });

  it('a refusal returns every frozen unit with the reason, and frees the quantity for others', async () => {
    const offer = await createOffer();
    const rich = await investor('3000000');
    const placed = (await order(rich, offer.id, 30_000)).json().data;
    expect(await balanceOf(t.app, rich.headers, 'USD')).toEqual({ available: '148574.5', frozen: '2851425.5' });
    expect((await order(member, offer.id, 10_000)).json().code).toBe('BLOCKTRADE_QUANTITY_ABOVE_REMAINING');
    const refused = await review(placed.id, 2, 'Allocation exhausted');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await balanceOf(t.app, rich.headers, 'USD')).toEqual({ available: '3000000', frozen: '0' });
    const mine = (await api(t.app).get('blocktrade/order/list?status=refused', { headers: rich.headers })).json().data;
    expect(mine.list).toMatchObject([{ id: placed.id, status: 'refused', refuseReason: 'Allocation exhausted' }]);
    const [notice] = await t.app.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, rich.user.id), eq(notices.kind, 'orderRefused')));
    expect(notice?.params).toMatchObject({ reason: 'Allocation exhausted' });
    expect((await order(member, offer.id, 20_000)).statusCode).toBe(200);
  });

  it('checks the window, minimum, maximum, board lot and pay password before anything moves, in two languages', async () => {
    const offer = await createOffer();
    const scheduled = await createOffer({ opensAt: '2026-11-18T00:00:00Z', closesAt: '2026-11-19T00:00:00Z' });
    const de = { ...member, headers: { ...member.headers, 'x-soar-lang': 'de' } };
    const notOpen = await order(member, scheduled.id, 10_000);
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json()).toEqual({
      code: 'BLOCKTRADE_NOT_OPEN',
      message: 'This block offer is not open for orders now',
    });
    expect((await order(de, scheduled.id, 10_000)).json().message).toBe(
      'Dieses Blockangebot nimmt gerade keine Aufträge an',
    );
    expect((await order(member, offer.id, 9_000)).json()).toEqual({
      code: 'BLOCKTRADE_QUANTITY_BELOW_MIN',
      message: 'Order at least 10000 shares from this offer',
    });
    expect((await order(de, offer.id, 40_000)).json()).toEqual({
      code: 'BLOCKTRADE_QUANTITY_ABOVE_REMAINING',
      message: 'Von diesem Angebot sind nur noch 30000 Aktien übrig',
    });
    const wrong = await order(member, offer.id, 10_000, { payPassword: '999999' });
    expect(wrong.json().code).toBe('PAY_PASSWORD_WRONG');

    const hk = await investor('20000000', 'HKD');
    await tick(t.app, '0700.HK', '600.00');
    const tencent = await createOffer({ symbol: '0700.HK', price: null, discount: '0.05' });
    const lot = await order(hk, tencent.id, 10_050);
    expect(lot.json().code).toBe('TRADE_QUANTITY_LOT');
    const poor = await investor('1000');
    expect((await order(poor, offer.id, 10_000)).json().code).toBe('TRADE_INSUFFICIENT_FUNDS');
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '2000000', frozen: '0' });
    expect(await balanceOf(t.app, poor.headers, 'USD')).toEqual({ available: '1000', frozen: '0' });
    const rows = await t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, member.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses bad bodies with a 422: NUL bytes, extra fields, huge ids and quantities', async () => {
    const offer = await createOffer();
    const bodies = [
      { offerId: offer.id, quantity: 10_000, payPassword: 'ab\u0000cd' },
      { offerId: offer.id, quantity: 10_000, payPassword, price: '1' },
      { offerId: 2 ** 31, quantity: 10_000, payPassword },
      { offerId: offer.id, quantity: 10 ** 16, payPassword },
      { offerId: offer.id, payPassword },
    ];
    for (const body of bodies) {
      const response = await api(t.app).post('blocktrade/order', body, { headers: member.headers });
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    expect((await api(t.app).get('blocktrade/detail?id=2147483648', { headers: {} })).statusCode).toBe(422);
    expect((await api(t.app).get('blocktrade/detail?id=999999', { headers: {} })).json().code).toBe(
      'BLOCKTRADE_OFFER_NOT_FOUND',
    );
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '2000000', frozen: '0' });
  });

  it("a member sees only their own block orders, cannot cancel another member's, nor change the block price", async () => {
    const offer = await createOffer();
    const placed = (await order(member, offer.id, 10_000)).json().data;
    const other = await investor();
    const theirs = (await api(t.app).get('blocktrade/order/list', { headers: other.headers })).json().data;
    expect(theirs).toMatchObject({ list: [], total: 0 });
    const amend = await api(t.app).post(
      'order/update',
      { orderId: placed.id, limitPrice: '1.00' },
      { headers: member.headers },
    );
    expect(amend.json().code).toBe('TRADE_ORDER_NOT_EDITABLE');
    const protect = await api(t.app).post(
      'order/update',
      { orderId: placed.id, stopLoss: '80' },
      { headers: member.headers },
    );
    expect(protect.json().code).toBe('TRADE_ORDER_NOT_EDITABLE');
    const cancel = await api(t.app).post('order/cancel', { id: placed.id }, { headers: other.headers });
    expect(cancel.statusCode).toBe(404);
    expect((await api(t.app).get('blocktrade/order/list', { headers: {} })).statusCode).toBe(401);
    expect(await balanceOf(t.app, member.headers, 'USD')).toMatchObject({ frozen: '950475.5' });
  });
});

describe('races', () => {
  // On PostgreSQL (TEST_DATABASE_URL) these run at once on separate connections.
  it("two orders racing for an offer's remaining maximum: exactly one wins", async () => {
    for (let round = 0; round < 6; round += 1) {
      const offer = await createOffer({ maxQuantity: 30_000 });
      const [a, b] = [await investor(), await investor()];
      const answers = await Promise.all([order(a, offer.id, 20_000), order(b, offer.id, 20_000)]);
      const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code)).sort();
      expect(codes).toEqual(['BLOCKTRADE_QUANTITY_ABOVE_REMAINING', 'ok']);
      const detail = (await api(t.app).get(`blocktrade/detail?id=${offer.id}`, { headers: {} })).json().data;
      expect(detail).toMatchObject({ orderedQuantity: 20_000, remainingQuantity: 10_000 });
    }
  });

  it('two orders racing for one balance that covers only one: exactly one freezes', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [first, second] = [await createOffer(), await createOffer()];
      const poor = await investor('1000000');
      const answers = await Promise.all([order(poor, first.id, 10_000), order(poor, second.id, 10_000)]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const loser = answers.find((answer) => answer.statusCode !== 200);
      expect(['TRADE_INSUFFICIENT_FUNDS', 'INSUFFICIENT_BALANCE']).toContain(loser?.json().code);
      expect(await balanceOf(t.app, poor.headers, 'USD')).toEqual({ available: '49524.5', frozen: '950475.5' });
    }
  });
});
