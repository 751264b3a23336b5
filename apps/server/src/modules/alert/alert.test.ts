import { maxActiveAlerts } from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alerts, notices, tradePositions } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, credit, place, tick } from '../../test/trade-kit.ts';
import { createMember, expectLedgerVerified, type Headers } from '../../test/wallet.ts';

// A Tuesday, 10:00 in New York; AAPL at a last of 100.00 (bid 99.99, ask 100.01), previous close 100.
let clock = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let member: { headers: Headers; user: { id: number } };

beforeAll(async () => {
  t = await createTradeApp({ clock: () => clock });
});
beforeEach(async () => {
  member = await createMember(t.app);
  await credit(t.app, member.user.id, 'USD', '100000');
  setPrevClose('AAPL', 100);
  await move('AAPL', '100.00');
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

function setPrevClose(symbol: string, prevClose: number) {
  const instrument = t.app.market.instrument(symbol);
  const state = instrument && t.app.market.simulator.states.get(instrument.id);
  if (!state) throw new Error(`no state for ${symbol}`);
  state.prevClose = prevClose;
}

/** A trade of `symbol` at `price`: the trading engine and the alerts both hear it, as from the feed. */
async function move(symbol: string, price: string, extra: { stale?: boolean } = {}) {
  await tick(t.app, symbol, price);
  const instrument = t.app.market.instrument(symbol);
  if (!instrument) throw new Error(`unknown ${symbol}`);
  t.app.alerts.engine.onQuote({ ...t.app.market.quote(instrument), ...extra });
  await t.app.alerts.engine.idle();
}

async function path(symbol: string, prices: string[]) {
  for (const price of prices) await move(symbol, price);
}

async function create(body: object, headers = member.headers, lang = 'en') {
  return api(t.app).post('alert/create', body, { headers: { ...headers, 'x-soar-lang': lang } });
}

async function created(body: object) {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; level: string | null; status: string };
}

async function alertOf(id: number) {
  const list = (await api(t.app).get('alert/list', { headers: member.headers })).json().data as {
    id: number;
    status: string;
    firedCount: number;
    endedBy: string | null;
    level: string | null;
  }[];
  return list.find((alert) => alert.id === id);
}

async function alertNotices() {
  const rows = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
  return rows.filter((row) => row.kind.startsWith('alert'));
}

describe('an alert on a price level', () => {
  it('fires once when the price reaches it, with a notice linking to the quote, and then ends', async () => {
    const alert = await created({ kind: 'priceAbove', symbol: 'AAPL', value: '105', repeat: false });
    expect(alert).toMatchObject({ status: 'active', level: '105' });
    await path('AAPL', ['103', '104.99']);
    expect(await alertNotices()).toHaveLength(0);
    await path('AAPL', ['105.00', '106', '104', '105.5']);
    const sent = await alertNotices();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'alertPriceAbove', reference: 'quote:AAPL' });
    expect(sent[0]?.params).toMatchObject({ symbol: 'AAPL', price: '105', level: '105', currency: 'USD' });
    expect(await alertOf(alert.id)).toMatchObject({ status: 'ended', endedBy: 'fired', firedCount: 1 });

    const inbox = (await api(t.app).get('notice/list', { headers: member.headers })).json().data.list;
    const notice = inbox.find((item: { kind: string }) => item.kind === 'alertPriceAbove');
    expect(notice.title).toBe('AAPL reached 105.00');
    expect(notice.body).toContain('at or above your alert level 105.00');

    const history = (await api(t.app).get('alert/history', { headers: member.headers })).json().data;
    expect(history).toMatchObject({ total: 1, list: [{ alertId: alert.id, kind: 'priceAbove', price: '105' }] });
  });

  it('is refused where its condition already holds, in the reader’s language', async () => {
    const response = await create({ kind: 'priceAbove', symbol: 'AAPL', value: '99', repeat: false });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'ALERT_ALREADY_MET' });
    expect(response.json().message).toContain('100.00 USD');
    const german = await create({ kind: 'priceBelow', symbol: 'AAPL', value: '100.5', repeat: false }, undefined, 'de');
    expect(german.json().code).toBe('ALERT_ALREADY_MET');
    expect(german.json().message).not.toBe(response.json().message);
  });

  it('every time: one crossing fires once, a crossing within the cool-down passes, the next one fires', async () => {
    const alert = await created({ kind: 'priceBelow', symbol: 'AAPL', value: '95', repeat: true, cooldownMinutes: 60 });
    await path('AAPL', ['95', '94', '93']);
    expect(await alertNotices()).toHaveLength(1);
    await path('AAPL', ['96', '95']); // back and down again at once: within the hour
    expect(await alertNotices()).toHaveLength(1);
    clock += 61 * 60_000;
    await path('AAPL', ['94.5']); // still the crossing the cool-down swallowed
    expect(await alertNotices()).toHaveLength(1);
    await path('AAPL', ['95.01', '95']);
    expect(await alertNotices()).toHaveLength(2);
    expect(await alertOf(alert.id)).toMatchObject({ status: 'active', firedCount: 2 });
  });

  it('never fires twice for one crossing across a restart', async () => {
    await created({ kind: 'priceAbove', symbol: 'AAPL', value: '105', repeat: true, cooldownMinutes: 1 });
    await move('AAPL', '105');
    expect(await alertNotices()).toHaveLength(1);
    await t.app.alerts.engine.rebuild();
    clock += 2 * 60_000;
    await path('AAPL', ['106', '105.5']);
    expect(await alertNotices()).toHaveLength(1);
    await t.app.alerts.engine.rebuild();
    await path('AAPL', ['104.99', '105']);
    expect(await alertNotices()).toHaveLength(2);
  });

  it('a stale quote fires nothing; the first fresh one does', async () => {
    await created({ kind: 'priceAbove', symbol: 'AAPL', value: '101', repeat: false });
    await move('AAPL', '102', { stale: true });
    expect(await alertNotices()).toHaveLength(0);
    await move('AAPL', '102');
    expect(await alertNotices()).toHaveLength(1);
  });

  it('a tick looks only at what it crossed: the book holds each armed alert once', async () => {
    for (const value of ['110', '120', '130']) {
      await created({ kind: 'priceAbove', symbol: 'AAPL', value, repeat: false });
    }
    const before = t.app.alerts.engine.books.last.of('AAPL').size;
    await move('AAPL', '115');
    expect(await alertNotices()).toHaveLength(1);
    expect(t.app.alerts.engine.books.last.of('AAPL').size).toBe(before - 1);
  });
});

describe('an alert against the previous close or the year', () => {
  it('a percentage move fires against today’s previous close and is armed again on a new day', async () => {
    const alert = await created({ kind: 'changeUp', symbol: 'AAPL', value: '5', repeat: true, cooldownMinutes: 1 });
    expect(alert.level).toBe('105');
    await path('AAPL', ['104.99', '105']);
    expect(await alertNotices()).toHaveLength(1);
    expect((await alertNotices())[0]?.params).toMatchObject({ value: '5', price: '105' });
    // The next day closes at 110: 5 % above it is 115.50.
    clock += 24 * 60 * 60_000;
    setPrevClose('AAPL', 110);
    await path('AAPL', ['111', '115.49']);
    expect(await alertNotices()).toHaveLength(1);
    await move('AAPL', '115.5');
    expect(await alertNotices()).toHaveLength(2);
    expect(await alertOf(alert.id)).toMatchObject({ level: '115.5' });
  });

  it('a new 52-week high fires above the year’s highest, and every time at the next higher high', async () => {
    const instrument = t.app.market.instrument('AAPL');
    if (!instrument) throw new Error('no AAPL');
    const bars = await t.app.market.getHistory('AAPL', '1d', 262);
    const high = Math.max(...bars.map((bar) => Number(bar.high)), 100);
    await move('AAPL', String(high));
    const alert = await created({ kind: 'high52', symbol: 'AAPL', repeat: true, cooldownMinutes: 1 });
    await move('AAPL', String(high)); // equal is not new
    expect(await alertNotices()).toHaveLength(0);
    await move('AAPL', (high + 1).toFixed(2));
    expect(await alertNotices()).toHaveLength(1);
    clock += 2 * 60_000;
    await move('AAPL', (high + 0.5).toFixed(2)); // below the new high
    expect(await alertNotices()).toHaveLength(1);
    await move('AAPL', (high + 2).toFixed(2));
    expect(await alertNotices()).toHaveLength(2);
    expect(await alertOf(alert.id)).toMatchObject({ firedCount: 2 });
  });
});

describe('an alert on a position', () => {
  async function openLong(extra: object = {}) {
    await place(t.app, member.headers, { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10, ...extra });
    const [position] = await t.app.db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.userId, member.user.id), eq(tradePositions.status, 'open')));
    if (!position) throw new Error('no position');
    return position;
  }

  it('P/L down 5 % fires on the bid the position is valued at', async () => {
    const position = await openLong(); // bought at the ask, 100.01
    const alert = await created({ kind: 'positionPnlPercent', positionId: position.id, value: '-5', repeat: false });
    expect(alert.level).toBe('95.0095');
    await move('AAPL', '95.03'); // bid 95.02
    expect(await alertNotices()).toHaveLength(0);
    await move('AAPL', '95.01'); // bid 95.00
    const [sent] = await alertNotices();
    expect(sent).toMatchObject({ kind: 'alertPositionPnlPercent' });
    const inbox = (await api(t.app).get('notice/list', { headers: member.headers })).json().data.list;
    expect(inbox[0].title).toBe('Your AAPL position is at -5 %');
  });

  it('P/L of an amount follows a partial close; the alert ends with the position', async () => {
    const position = await openLong();
    const alert = await created({ kind: 'positionPnlAmount', positionId: position.id, value: '50', repeat: false });
    expect(alert.level).toBe('105.01'); // 10 shares: 5.00 a share
    const closed = await api(t.app).post(
      'order/close',
      { positionId: position.id, quantity: 5 },
      { headers: member.headers },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    await t.app.trade.engine.idle();
    await t.app.alerts.engine.idle();
    expect(await alertOf(alert.id)).toMatchObject({ level: '110.01' }); // 5 shares: 10.00 a share
    const all = await api(t.app).post('order/close', { positionId: position.id }, { headers: member.headers });
    expect(all.statusCode, all.body).toBe(200);
    await t.app.alerts.engine.idle();
    expect(await alertOf(alert.id)).toMatchObject({ status: 'ended', endedBy: 'positionClosed' });
    await move('AAPL', '120');
    expect(await alertNotices()).toHaveLength(0);
  });

  it('nearing the stop loss fires within the distance; a position without one is refused', async () => {
    const plain = await openLong();
    const refused = await create({ kind: 'stopDistance', positionId: plain.id, value: '5', repeat: false });
    expect(refused.json()).toMatchObject({ code: 'ALERT_NO_STOP_LOSS' });
    await api(t.app).post('order/close', { positionId: plain.id }, { headers: member.headers });
    const guarded = await openLong({ stopLoss: '90' });
    const alert = await created({ kind: 'stopDistance', positionId: guarded.id, value: '5', repeat: false });
    expect(alert.level).toBe('94.5');
    await path('AAPL', ['95', '94.5']);
    const [sent] = await alertNotices();
    expect(sent).toMatchObject({ kind: 'alertStopDistance' });
    expect(sent?.params).toMatchObject({ stopLoss: '90', value: '5' });
  });

  it('another member’s position is not one to set an alert on', async () => {
    const position = await openLong();
    const other = await createMember(t.app);
    const response = await create(
      { kind: 'positionPnlPercent', positionId: position.id, value: '5', repeat: false },
      other.headers,
    );
    expect(response.json()).toMatchObject({ code: 'ALERT_POSITION_CLOSED' });
  });
});

describe('a member’s alerts', () => {
  it('at most 100 active: the next is refused, a paused one makes room; two at once do not both pass', async () => {
    const ids: number[] = [];
    for (let index = 0; index < maxActiveAlerts - 1; index += 1) {
      ids.push((await created({ kind: 'priceAbove', symbol: 'AAPL', value: String(200 + index), repeat: false })).id);
    }
    const race = await Promise.all([
      create({ kind: 'priceAbove', symbol: 'AAPL', value: '500', repeat: false }),
      create({ kind: 'priceAbove', symbol: 'AAPL', value: '501', repeat: false }),
    ]);
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const refused = race.find((response) => response.statusCode === 422);
    expect(refused?.json()).toMatchObject({ code: 'ALERT_LIMIT' });
    const paused = await api(t.app).post('alert/update', { id: ids[0], active: false }, { headers: member.headers });
    expect(paused.json().data).toMatchObject({ status: 'paused', level: null });
    await created({ kind: 'priceBelow', symbol: 'AAPL', value: '50', repeat: false });
    const again = await api(t.app).post('alert/update', { id: ids[0], active: true }, { headers: member.headers });
    expect(again.json()).toMatchObject({ code: 'ALERT_LIMIT' });
  });

  it('changes, pauses and deletes: the book follows, the history stays', async () => {
    const alert = await created({ kind: 'priceAbove', symbol: 'AAPL', value: '105', repeat: false });
    const changed = await api(t.app).post('alert/update', { id: alert.id, value: '110' }, { headers: member.headers });
    expect(changed.json().data).toMatchObject({ level: '110' });
    await move('AAPL', '106');
    expect(await alertNotices()).toHaveLength(0);
    await api(t.app).post('alert/update', { id: alert.id, active: false }, { headers: member.headers });
    await move('AAPL', '111');
    expect(await alertNotices()).toHaveLength(0);
    const resumed = await api(t.app).post('alert/update', { id: alert.id, active: true }, { headers: member.headers });
    expect(resumed.json()).toMatchObject({ code: 'ALERT_ALREADY_MET' });
    await move('AAPL', '100');
    await api(t.app).post('alert/update', { id: alert.id, active: true }, { headers: member.headers });
    await move('AAPL', '110');
    expect(await alertNotices()).toHaveLength(1);
    const other = await createMember(t.app);
    const foreign = await api(t.app).post('alert/delete', { id: alert.id }, { headers: other.headers });
    expect(foreign.json()).toMatchObject({ code: 'ALERT_NOT_FOUND' });
    const deleted = await api(t.app).post('alert/delete', { id: alert.id }, { headers: member.headers });
    expect(deleted.json().data).toEqual({ deleted: true });
    expect(await alertOf(alert.id)).toBeUndefined();
    const history = (await api(t.app).get('alert/history', { headers: member.headers })).json().data;
    expect(history.total).toBe(1);
    const [row] = await t.app.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('refuses what an attacker would send, changing nothing', async () => {
    const bad: [object, string][] = [
      [{ kind: 'priceAbove', symbol: 'AA\u0000PL', value: '105', repeat: false }, 'VALIDATION_FAILED'],
      [{ kind: 'priceAbove', symbol: 'NOPE', value: '105', repeat: false }, 'SYMBOL_NOT_FOUND'],
      [{ kind: 'priceAbove', symbol: 'AAPL', value: '10000000000000000', repeat: false }, 'VALIDATION_FAILED'],
      [{ kind: 'priceAbove', symbol: 'AAPL', value: '1000000000000', repeat: false }, 'ALERT_VALUE_RANGE'],
      [{ kind: 'changeUp', symbol: 'AAPL', value: '5.001', repeat: false }, 'ALERT_VALUE_RANGE'],
      [{ kind: 'changeDown', symbol: 'AAPL', value: '100', repeat: false }, 'ALERT_VALUE_RANGE'],
      [{ kind: 'priceAbove', symbol: 'AAPL', repeat: false }, 'VALIDATION_FAILED'],
      [{ kind: 'high52', symbol: 'AAPL', value: '5', repeat: false }, 'VALIDATION_FAILED'],
      [{ kind: 'priceAbove', symbol: 'AAPL', value: '105', repeat: false, userId: 1 }, 'VALIDATION_FAILED'],
      [{ kind: 'priceAbove', positionId: 1, value: '105', repeat: false }, 'VALIDATION_FAILED'],
      [{ kind: 'positionPnlPercent', positionId: 2 ** 31, value: '5', repeat: false }, 'VALIDATION_FAILED'],
      [{ kind: 'positionPnlPercent', positionId: 2 ** 31 - 1, value: '5', repeat: false }, 'ALERT_POSITION_CLOSED'],
      [{ kind: 'priceAbove', symbol: 'AAPL', value: '105', repeat: true, cooldownMinutes: 0 }, 'VALIDATION_FAILED'],
      [{ kind: 'sometimes', symbol: 'AAPL', value: '105', repeat: false }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of bad) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/alert/create',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: '{"kind":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await api(t.app).get('alert/list', { headers: member.headers })).json().data).toEqual([]);
    expect((await api(t.app).get('alert/list')).statusCode).toBe(401);
  });
});
