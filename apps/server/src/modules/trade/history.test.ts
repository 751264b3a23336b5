import { describe, expect, it } from 'vitest';
import { api } from '../../test/http.ts';
import { buy, credit, place, tradeSuite } from '../../test/trade-kit.ts';
import { createMember, type Headers } from '../../test/wallet.ts';

// AAPL at 100.00: bid 99.99, ask 100.01; US fees 0.05 %, at least 1, plus 0.50 per order.
// The suite's clock stands at 2026-11-17 15:00 UTC, so every order here is placed that day.
const suite = tradeSuite();

const history = (headers: Headers, query = '') => api(suite.t.app).get(`order/history${query}`, { headers });
const listOf = async (headers: Headers, query = '') => {
  const response = await history(headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
type Item = { id: number; status: string; symbol: string; moves: { kind: string; account: string; amount: string }[] };

describe('order history', () => {
  it('lists every order of the member newest first, with its fill reason, fee and the money it moved', async () => {
    const { app } = suite.t;
    const headers = suite.member.headers;
    const filled = await place(app, headers, buy());
    const waiting = await place(app, headers, buy({ type: 'limit', limitPrice: '90' }));
    const cancelled = await place(app, headers, buy({ type: 'limit', limitPrice: '80' }));
    expect((await api(app).post('order/cancel', { id: cancelled.id }, { headers })).statusCode).toBe(200);
    const closed = await api(app).post('order/close', { positionId: filled.positionId, quantity: 4 }, { headers });
    expect(closed.statusCode, closed.body).toBe(200);
    const other = await createMember(app);
    await credit(app, other.user.id, 'USD', '10000');
    await place(app, other.headers, buy());

    const page = await listOf(headers);
    expect(page.total).toBe(3);
    expect(page.list.map((item: Item) => [item.id, item.status])).toEqual([
      [cancelled.id, 'cancelled'],
      [waiting.id, 'pending'],
      [filled.id, 'filled'],
    ]);
    const [cancelledItem, waitingItem, filledItem] = page.list;
    // 80 x 10 + the 1.50 fee frozen, then released whole.
    expect(cancelledItem.moves).toMatchObject([
      { kind: 'trade_freeze', account: 'available', amount: '-801.5', currency: 'USD' },
      { kind: 'trade_freeze', account: 'frozen', amount: '801.5', currency: 'USD' },
      { kind: 'trade_release', account: 'frozen', amount: '-801.5' },
      { kind: 'trade_release', account: 'available', amount: '801.5' },
    ]);
    expect(cancelledItem.doneAt).not.toBeNull();
    expect(waitingItem).toMatchObject({ status: 'pending', frozen: '901.5', fillReason: null });
    expect(waitingItem.moves.map((move: Item['moves'][number]) => move.kind)).toEqual(['trade_freeze', 'trade_freeze']);
    // Filled at the ask; 4 of its 10 shares closed at the bid 99.99 (fee 1.50): 399.96 - 1.50 back.
    expect(filledItem).toMatchObject({
      fillPrice: '100.01',
      fee: '1.5',
      total: '1001.6',
      fillReason: { key: 'market', text: 'Market order filled at 100.01 (ask)' },
    });
    expect(filledItem.moves).toMatchObject([
      { kind: 'trade_open', account: 'available', amount: '-1001.6' },
      { kind: 'trade_close', account: 'available', amount: '398.46' },
    ]);
    expect(filledItem.moves[0].time).toMatch(/^2026-11-17T15:00:00/);

    // The other member sees only their own order.
    const theirs = await listOf(other.headers);
    expect(theirs.total).toBe(1);
    expect(theirs.list[0].id).not.toBe(filled.id);
  });

  it('filters by status, symbol and placing day, and pages', async () => {
    const { app } = suite.t;
    const headers = suite.member.headers;
    const first = await place(app, headers, buy({ quantity: 1 }));
    const second = await place(app, headers, buy({ quantity: 2 }));
    const cancelled = await place(app, headers, buy({ type: 'limit', limitPrice: '50' }));
    await api(app).post('order/cancel', { id: cancelled.id }, { headers });

    expect((await listOf(headers, '?status=cancelled')).list.map((item: Item) => item.id)).toEqual([cancelled.id]);
    expect((await listOf(headers, '?status=filled')).total).toBe(2);
    expect((await listOf(headers, '?status=expired')).total).toBe(0);
    expect((await listOf(headers, '?symbol=aapl')).total).toBe(3);
    expect((await listOf(headers, '?symbol=TSLA')).total).toBe(0);
    expect((await listOf(headers, '?dateFrom=2026-11-17&dateTo=2026-11-17')).total).toBe(3);
    expect((await listOf(headers, '?dateFrom=2026-11-18')).total).toBe(0);
    expect((await listOf(headers, '?dateTo=2026-11-16')).total).toBe(0);

    const one = await listOf(headers, '?status=filled&page=2&pageSize=1');
    expect(one).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(one.list.map((item: Item) => item.id)).toEqual([first.id]);
    expect((await listOf(headers, '?status=filled&page=1&pageSize=1')).list[0].id).toBe(second.id);
  });

  it('refuses a status it does not know and dates that are not days, in the reader language, with 422', async () => {
    const headers = suite.member.headers;
    const cases: [string, string][] = [
      ['?status=done', 'Status must be one of: pending, filled, cancelled, expired, refused'],
      ['?dateFrom=2026-13-01', 'From date must be a date such as 2026-11-20'],
      ['?dateTo=2026-02-30', 'To date must be a date such as 2026-11-20'],
      ['?dateFrom=2026-11-18&dateTo=2026-11-17', 'To date must not be before the start of the range'],
    ];
    for (const [query, message] of cases) {
      const response = await history(headers, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().message, query).toEqual([message]);
    }
    const german = await api(suite.t.app).get('order/history?dateFrom=gestern', {
      headers: { ...headers, 'x-soar-lang': 'de' },
    });
    expect(german.statusCode).toBe(422);
    expect(german.json().message[0]).toMatch(/^Von Datum /);
  });

  it("names the order of each of the member's trading transactions, the closes of its position too", async () => {
    const { app } = suite.t;
    const headers = suite.member.headers;
    const filled = await place(app, headers, buy());
    const waiting = await place(app, headers, buy({ type: 'limit', limitPrice: '90' }));
    await api(app).post('order/close', { positionId: filled.positionId }, { headers });
    const response = await api(app).get('transaction/list?group=trade', { headers });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response
      .json()
      .data.list.map((line: { type: string; orderId: number | null }) => [line.type, line.orderId]);
    expect(rows).toEqual([
      ['trade_close', filled.id],
      ['trade_freeze', waiting.id],
      ['trade_freeze', waiting.id],
      ['trade_open', filled.id],
    ]);
    const adjustment = await api(app).get('transaction/list?group=other', { headers });
    expect(adjustment.json().data.list).toMatchObject([{ type: 'adjustment', orderId: null, withdrawal: null }]);
  });

  it('is for members only', async () => {
    expect((await api(suite.t.app).get('order/history')).statusCode).toBe(401);
  });
});
