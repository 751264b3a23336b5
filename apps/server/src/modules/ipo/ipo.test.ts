import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ipoSubscriptions, notices } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { investor, ipoOfferInput, platformBalance } from '../../test/products.ts';
import { balanceOf, createOperator, expectLedgerVerified, type Headers, payPassword } from '../../test/wallet.ts';

// Tuesday 2026-11-17, 15:00 UTC.
let now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let operator: { headers: Headers };
let cashier: { headers: Headers };
let symbolCount = 0;

/** An open offer (`ipoOfferInput`) with a new symbol. */
function offerInput(input: object = {}) {
  symbolCount += 1;
  return ipoOfferInput(`TIPO${symbolCount}`, input);
}

async function createOffer(input: object = {}) {
  const response = await api(t.app).post('admin/ipo/offer/create', offerInput(input), { headers: operator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; seedHash: string; seed: string | null };
}

function subscribe(member: { headers: Headers }, offerId: number, lots: number, extra: object = {}) {
  return api(t.app).post('ipo/subscribe', { offerId, lots, payPassword, ...extra }, { headers: member.headers });
}

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { clock: () => now } });
  operator = await createOperator(t.app, { role: 'trading' });
  cashier = await createOperator(t.app, { role: 'finance' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('the offers', () => {
  it('lists offers to guests with every field, open first, filters by state, and hides the seed', async () => {
    const open = await createOffer();
    const upcoming = await createOffer({
      startTime: '2026-12-01T00:00:00Z',
      endTime: '2026-12-05T00:00:00Z',
      allotmentTime: '2026-12-06T00:00:00Z',
      listingTime: '2026-12-08T00:00:00Z',
    });
    const detail = await api(t.app).get(`ipo/detail?id=${open.id}`, { headers: {} });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: open.id,
      market: 'US',
      currency: 'USDT',
      lotSize: 100,
      minLots: 1,
      maxLots: 5,
      sharesOffered: 1000,
      priceMin: '10',
      priceMax: '12',
      finalPrice: null,
      subscriptionPrice: '12',
      issueAmount: '12000',
      fee: '5',
      state: 'open',
      seed: null,
      applications: 0,
      subscribedLots: 0,
    });
    expect(detail.json().data.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const openList = await api(t.app).get('ipo/list?state=open', { headers: {} });
    const ids = openList.json().data.list.map((offer: { id: number }) => offer.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(upcoming.id);
    const upcomingList = await api(t.app).get('ipo/list?state=upcoming', { headers: {} });
    expect(upcomingList.json().data.list).toMatchObject([{ id: upcoming.id, state: 'upcoming' }]);
  });

  it('answers 404 for an unknown offer, 422 for an id out of range, and no allotment before it is made', async () => {
    expect((await api(t.app).get('ipo/detail?id=999999', { headers: {} })).json().code).toBe('IPO_NOT_FOUND');
    expect((await api(t.app).get('ipo/detail?id=2147483648', { headers: {} })).statusCode).toBe(422);
    const open = await createOffer();
    expect((await api(t.app).get(`ipo/allotment?id=${open.id}`, { headers: {} })).statusCode).toBe(404);
  });

  it('refuses an offer with a bad window, a taken symbol, or an unknown market, in two languages', async () => {
    const bad = await api(t.app).post('admin/ipo/offer/create', offerInput({ allotmentTime: '2026-11-19T00:00:00Z' }), {
      headers: operator.headers,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('IPO_OFFER_INVALID');
    const taken = await api(t.app).post('admin/ipo/offer/create', offerInput({ symbol: 'AAPL' }), {
      headers: { ...operator.headers, 'x-soar-lang': 'de' },
    });
    expect(taken.json()).toEqual({ code: 'IPO_OFFER_INVALID', message: 'AAPL wird bereits verwendet' });
    const market = await api(t.app).post('admin/ipo/offer/create', offerInput({ market: 'XX' }), {
      headers: operator.headers,
    });
    expect(market.json().message).toBe('There is no market XX');
    const member = await investor(t.app, cashier, '0');
    expect(
      (await api(t.app).post('admin/ipo/offer/create', offerInput(), { headers: member.headers })).statusCode,
    ).toBe(401);
  });
});

describe('subscribing, changing and cancelling', () => {
  it('freezes exactly lots x lot size x the top of the range + the fee, moves the difference on a change and returns it all on cancel', async () => {
    const offer = await createOffer();
    const member = await investor(t.app, cashier, '10000');
    const subscribed = await subscribe(member, offer.id, 3);
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const id = subscribed.json().data.id;
    expect(subscribed.json().data).toMatchObject({
      offerId: offer.id,
      lots: 3,
      quantity: 300,
      price: '12',
      fee: '5',
      amount: '3605',
      status: 0,
    });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '6395', frozen: '3605' });

    const bigger = await api(t.app).post(
      'ipo/subscription/update',
      { id, lots: 5, payPassword },
      { headers: member.headers },
    );
    expect(bigger.json().data).toMatchObject({ lots: 5, amount: '6005' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '3995', frozen: '6005' });
    const smaller = await api(t.app).post(
      'ipo/subscription/update',
      { id, lots: 2, payPassword },
      { headers: member.headers },
    );
    expect(smaller.json().data).toMatchObject({ lots: 2, amount: '2405' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '7595', frozen: '2405' });

    const list = await api(t.app).get('ipo/subscription/list', { headers: member.headers });
    expect(list.json().data).toMatchObject({ total: 1, list: [{ id, lots: 2, status: 0 }] });
    const detail = await api(t.app).get(`ipo/detail?id=${offer.id}`, { headers: {} });
    expect(detail.json().data).toMatchObject({ applications: 1, subscribedLots: 2 });

    const cancelled = await api(t.app).post('ipo/subscription/cancel', { id }, { headers: member.headers });
    expect(cancelled.json().data).toEqual({ id, refund: '2405' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    expect((await api(t.app).get('ipo/subscription/list', { headers: member.headers })).json().data.total).toBe(0);
    const moves = await api(t.app).get('transaction/list', { headers: member.headers });
    const kinds = moves.json().data.list.map((line: { type: string }) => line.type);
    expect(kinds).toEqual(expect.arrayContaining(['ipo_subscribe', 'ipo_change', 'ipo_cancel']));
    // a new application after a cancel is allowed
    expect((await subscribe(member, offer.id, 1)).statusCode).toBe(200);
  });

  it('a change to the same lots moves nothing and answers the application as it is', async () => {
    const offer = await createOffer();
    const member = await investor(t.app, cashier, '10000');
    const id = (await subscribe(member, offer.id, 3)).json().data.id;
    const same = await api(t.app).post(
      'ipo/subscription/update',
      { id, lots: 3, payPassword },
      { headers: member.headers },
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ id, lots: 3, amount: '3605' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '6395', frozen: '3605' });
    const moves = await api(t.app).get('transaction/list', { headers: member.headers });
    expect(moves.json().data.list.map((line: { type: string }) => line.type)).not.toContain('ipo_change');
  });

  it('replays a retried subscribe with the same Idempotency-Key and freezes once', async () => {
    const offer = await createOffer();
    const member = await investor(t.app, cashier, '5000');
    const headers = { ...member.headers, 'idempotency-key': 'ipo-retry-1' };
    const first = await api(t.app).post(
      'ipo/subscribe',
      { offerId: offer.id, lots: 1, payPassword },
      { headers: headers },
    );
    const again = await api(t.app).post(
      'ipo/subscribe',
      { offerId: offer.id, lots: 1, payPassword },
      { headers: headers },
    );
    expect(again.json().data).toEqual(first.json().data);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '3795', frozen: '1205' });
  });

  it('refuses lots out of range in two languages, a second application, a closed window, a wrong pay password and a short balance, moving nothing', async () => {
    const offer = await createOffer();
    const member = await investor(t.app, cashier, '1000');
    const many = await subscribe(member, offer.id, 6);
    expect(many.statusCode).toBe(422);
    expect(many.json()).toEqual({ code: 'IPO_LOTS_OUT_OF_RANGE', message: 'Subscribe from 1 to 5 lots' });
    const german = await api(t.app).post(
      'ipo/subscribe',
      { offerId: offer.id, lots: 6, payPassword },
      { headers: { ...member.headers, 'x-soar-lang': 'de' } },
    );
    expect(german.json().message).toBe('Zeichnen Sie 1 bis 5 Lots');
    expect((await subscribe(member, offer.id, 1, { payPassword: '000000' })).json().code).toBe('PAY_PASSWORD_WRONG');
    expect((await subscribe(member, offer.id, 1)).json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '1000', frozen: '0' });

    const rich = await investor(t.app, cashier, '5000');
    expect((await subscribe(rich, offer.id, 1)).statusCode).toBe(200);
    const twice = await subscribe(rich, offer.id, 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('IPO_ALREADY_SUBSCRIBED');

    const later = await createOffer({
      startTime: '2026-12-01T00:00:00Z',
      endTime: '2026-12-05T00:00:00Z',
      allotmentTime: '2026-12-06T00:00:00Z',
      listingTime: '2026-12-08T00:00:00Z',
    });
    const notOpen = await subscribe(rich, later.id, 1);
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().code).toBe('IPO_NOT_OPEN');
    expect(await balanceOf(t.app, rich.headers, 'USDT')).toEqual({ available: '3795', frozen: '1205' });
  });

  it('answers bad input with a clear 4xx and changes nothing: NUL byte, id 2^31, 10^16 lots, missing and extra fields', async () => {
    const offer = await createOffer();
    const member = await investor(t.app, cashier, '5000');
    const bad = [
      { offerId: offer.id, lots: 1, payPassword: '2468\u000010' },
      { offerId: 2 ** 31, lots: 1, payPassword },
      { offerId: offer.id, lots: 10 ** 16, payPassword },
      { offerId: offer.id, payPassword },
      { offerId: offer.id, lots: 1, payPassword, price: '0.01' },
      { offerId: 'x', lots: 1.5, payPassword },
    ];
    for (const body of bad) {
      const response = await api(t.app).post('ipo/subscribe', body, { headers: member.headers });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const missing = await api(t.app).post(
      'ipo/subscribe',
      { offerId: offer.id, payPassword },
      { headers: member.headers },
    );
    expect(missing.statusCode).toBe(422);
    expect(Array.isArray(missing.json().message)).toBe(true);
    const unknownOffer = await subscribe(member, 999999, 1);
    expect(unknownOffer.json().code).toBe('IPO_NOT_FOUND');
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '5000', frozen: '0' });
  });
});

describe("another member's subscription (IDOR)", () => {
  it('cannot be changed, cancelled, reconfirmed or listed by someone else', async () => {
    const offer = await createOffer();
    const owner = await investor(t.app, cashier, '5000');
    const other = await investor(t.app, cashier, '5000');
    const id = (await subscribe(owner, offer.id, 2)).json().data.id;
    const update = await api(t.app).post(
      'ipo/subscription/update',
      { id, lots: 1, payPassword },
      { headers: other.headers },
    );
    expect(update.statusCode).toBe(404);
    expect(update.json().code).toBe('IPO_SUBSCRIPTION_NOT_FOUND');
    const cancel = await api(t.app).post('ipo/subscription/cancel', { id }, { headers: other.headers });
    expect(cancel.json().code).toBe('IPO_SUBSCRIPTION_NOT_FOUND');
    const reconfirm = await api(t.app).post(
      'ipo/subscription/reconfirm',
      { id, payPassword },
      { headers: other.headers },
    );
    expect(reconfirm.json().code).toBe('IPO_SUBSCRIPTION_NOT_FOUND');
    expect(
      (await api(t.app).get(`ipo/subscription/list?offerId=${offer.id}`, { headers: other.headers })).json().data.total,
    ).toBe(0);
    expect(await balanceOf(t.app, owner.headers, 'USDT')).toEqual({ available: '2595', frozen: '2405' });
    expect(await balanceOf(t.app, other.headers, 'USDT')).toEqual({ available: '5000', frozen: '0' });
  });
});

/**
 * The allotment recomputed the way docs/ipo.md tells anyone to, written apart from the server's
 * code: every ticket in a plain array, a full Fisher–Yates over the seed's stream.
 */
function recompute(seed: string, applications: { id: number; lots: number }[], lots: number) {
  const tickets = [...applications].sort((a, b) => a.id - b.id).flatMap((a) => Array<number>(a.lots).fill(a.id));
  const result = new Map(applications.map((a) => [a.id, 0]));
  if (tickets.length <= lots) return new Map(applications.map((a) => [a.id, a.lots]));
  let counter = 0;
  const draw = () => {
    const bytes = createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from(seed, 'hex'),
          Buffer.from([counter >>> 24, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255]),
        ]),
      )
      .digest();
    counter += 1;
    return Number(BigInt(`0x${bytes.subarray(0, 6).toString('hex')}`));
  };
  const below = (n: number) => {
    const limit = Math.floor(2 ** 48 / n) * n;
    for (;;) {
      const x = draw();
      if (x < limit) return x % n;
    }
  };
  for (let i = 0; i < lots; i++) {
    const j = i + below(tickets.length - i);
    [tickets[i], tickets[j]] = [tickets[j] as number, tickets[i] as number];
    const id = tickets[i] as number;
    result.set(id, (result.get(id) ?? 0) + 1);
  }
  return result;
}

const asApplication = (row: { subscriptionId: number; lots: number }) => ({ id: row.subscriptionId, lots: row.lots });

describe('the allotment', () => {
  it('oversubscribed: the operator allots early, the lottery is recomputed from the revealed seed, nobody gets more than asked, and every dollar is accounted for', async () => {
    const offer = await createOffer({ priceMin: '10', priceMax: '10', fee: '2' });
    const members = await Promise.all(Array.from({ length: 4 }, () => investor(t.app, cashier, '6000')));
    const ids: number[] = [];
    for (const [index, member] of members.entries()) {
      const response = await subscribe(member, offer.id, index + 2);
      expect(response.statusCode, response.body).toBe(200);
      ids.push(response.json().data.id);
    }
    const escrowBefore = await platformBalance(t.app, 'ipo_escrow', 'USDT');
    const feesBefore = await platformBalance(t.app, 'fees', 'USDT');
    const allotted = await api(t.app).post('admin/ipo/allot', { id: offer.id }, { headers: operator.headers });
    expect(allotted.statusCode, allotted.body).toBe(200);
    expect(allotted.json().data).toMatchObject({ state: 'allotted', allottedLots: 10, subscribedLots: 14 });
    expect(createHash('sha256').update(Buffer.from(allotted.json().data.seed, 'hex')).digest('hex')).toBe(
      offer.seedHash,
    );

    const published = (await api(t.app).get(`ipo/allotment?id=${offer.id}`, { headers: {} })).json().data;
    expect(published).toMatchObject({ offerId: offer.id, seedHash: offer.seedHash, lotsOffered: 10, lotsDrawn: 10 });
    const expected = recompute(published.seed, published.list.map(asApplication), 10);
    let total = 0;
    let paid = 0;
    for (const [index, member] of members.entries()) {
      const asked = index + 2;
      const mine = (await api(t.app).get('ipo/subscription/list', { headers: member.headers })).json().data.list[0];
      const lots = expected.get(mine.id) ?? -1;
      expect(mine.allottedLots).toBe(lots);
      expect(published.list.find((row: { subscriptionId: number }) => row.subscriptionId === mine.id)).toMatchObject({
        lots: asked,
        inLottery: true,
        allottedLots: lots,
      });
      expect(lots).toBeLessThanOrEqual(asked);
      const cost = lots * 100 * 10 + (lots > 0 ? 2 : 0);
      expect(mine).toMatchObject({
        status: lots > 0 ? 1 : 2,
        paid: String(cost),
        refund: String(asked * 1000 + 2 - cost),
        issuePrice: '10',
      });
      expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: String(6000 - cost), frozen: '0' });
      total += lots;
      paid += lots * 1000;
    }
    expect(total).toBe(10);
    expect(await platformBalance(t.app, 'ipo_escrow', 'USDT')).toBe(String(Number(escrowBefore) + paid));
    expect(Number(await platformBalance(t.app, 'fees', 'USDT')) - Number(feesBefore)).toBe(
      2 * members.length - [...expected.values()].filter((lots) => lots === 0).length * 2,
    );

    const kinds = await t.app.db
      .select()
      .from(notices)
      .where(eq(notices.reference, `ipo:${ids[0]}`));
    expect(kinds.map((notice) => notice.kind).some((kind) => kind === 'ipoAllotted' || kind === 'ipoNotAllotted')).toBe(
      true,
    );
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ipo.allot'), eq(auditLog.entityId, String(offer.id))));
    expect(audit).toBeDefined();
    const again = await api(t.app).post('admin/ipo/allot', { id: offer.id }, { headers: operator.headers });
    expect(again.json().code).toBe('IPO_ALREADY_ALLOTTED');
    const late = await api(t.app).post(
      'ipo/subscription/cancel',
      { id: ids[0] },
      { headers: members[0]?.headers ?? {} },
    );
    expect(late.json().code).toBe('IPO_SUBSCRIPTION_CLOSED');
  });

  it('undersubscribed: the job at the allotment time gives everyone all they asked', async () => {
    const offer = await createOffer({
      priceMin: '10',
      priceMax: '10',
      sharesOffered: 100000,
      endTime: '2026-11-18T00:00:00Z',
      allotmentTime: '2026-11-18T01:00:00Z',
    });
    const alice = await investor(t.app, cashier, '6000');
    const bob = await investor(t.app, cashier, '6000');
    await subscribe(alice, offer.id, 5);
    await subscribe(bob, offer.id, 1);
    now = Date.parse('2026-11-18T02:00:00Z');
    try {
      await t.app.jobs.runDue(new Date(now));
    } finally {
      now = Date.parse('2026-11-17T15:00:00Z');
    }
    const detail = (await api(t.app).get(`ipo/detail?id=${offer.id}`, { headers: {} })).json().data;
    expect(detail).toMatchObject({ state: 'allotted', allottedLots: 6 });
    expect(
      (await api(t.app).get('ipo/subscription/list', { headers: alice.headers })).json().data.list[0],
    ).toMatchObject({
      status: 1,
      allottedLots: 5,
      allottedQuantity: 500,
      paid: '5005',
      refund: '0',
    });
    expect(await balanceOf(t.app, bob.headers, 'USDT')).toEqual({ available: '4995', frozen: '0' });
  });

  it('a final price outside the range: the member who reconfirms is allotted at it, the one who does not is refunded', async () => {
    const offer = await createOffer({ sharesOffered: 100000 });
    const keeper = await investor(t.app, cashier, '10000');
    const leaver = await investor(t.app, cashier, '10000');
    const kept = (await subscribe(keeper, offer.id, 2)).json().data.id;
    await subscribe(leaver, offer.id, 2);
    const priced = await api(t.app).post(
      'admin/ipo/price',
      { id: offer.id, finalPrice: '13' },
      { headers: operator.headers },
    );
    expect(priced.json().data).toMatchObject({ finalPrice: '13', subscriptionPrice: '13', issueAmount: '1300000' });
    expect(
      (await api(t.app).get('ipo/subscription/list', { headers: keeper.headers })).json().data.list[0],
    ).toMatchObject({
      needsReconfirm: true,
    });
    const reconfirmed = await api(t.app).post(
      'ipo/subscription/reconfirm',
      {
        id: kept,
        payPassword,
      },
      { headers: keeper.headers },
    );
    expect(reconfirmed.json().data).toMatchObject({ needsReconfirm: false, price: '13', amount: '2605' });
    expect(await balanceOf(t.app, keeper.headers, 'USDT')).toEqual({ available: '7395', frozen: '2605' });
    const twice = await api(t.app).post(
      'ipo/subscription/reconfirm',
      { id: kept, payPassword },
      { headers: keeper.headers },
    );
    expect(twice.json().code).toBe('IPO_NOTHING_TO_RECONFIRM');

    expect((await api(t.app).post('admin/ipo/allot', { id: offer.id }, { headers: operator.headers })).statusCode).toBe(
      200,
    );
    expect(
      (await api(t.app).get('ipo/subscription/list', { headers: keeper.headers })).json().data.list[0],
    ).toMatchObject({
      status: 1,
      allottedLots: 2,
      paid: '2605',
      refund: '0',
    });
    expect(
      (await api(t.app).get('ipo/subscription/list', { headers: leaver.headers })).json().data.list[0],
    ).toMatchObject({
      status: 2,
      allottedLots: 0,
      reason: 'notReconfirmed',
      refund: '2405',
    });
    expect(await balanceOf(t.app, leaver.headers, 'USDT')).toEqual({ available: '10000', frozen: '0' });
  });

  it('a range offer is not allotted before it is priced; a price inside the range pays the final price from the freeze', async () => {
    const offer = await createOffer();
    const member = await investor(t.app, cashier, '5000');
    await subscribe(member, offer.id, 1);
    expect(
      (await api(t.app).post('admin/ipo/allot', { id: offer.id }, { headers: operator.headers })).json().code,
    ).toBe('IPO_NOT_PRICED');
    await api(t.app).post('admin/ipo/price', { id: offer.id, finalPrice: '11.5' }, { headers: operator.headers });
    expect((await api(t.app).post('admin/ipo/allot', { id: offer.id }, { headers: operator.headers })).statusCode).toBe(
      200,
    );
    expect(
      (await api(t.app).get('ipo/subscription/list', { headers: member.headers })).json().data.list[0],
    ).toMatchObject({
      status: 1,
      paid: '1155',
      refund: '50',
    });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '3845', frozen: '0' });
  });

  it('an operator allots one application by hand; the lottery draws only the lots left, and the hand allotment is audited', async () => {
    const offer = await createOffer({ priceMin: '10', priceMax: '10', sharesOffered: 500 });
    const chosen = await investor(t.app, cashier, '6000');
    const others = await Promise.all(Array.from({ length: 3 }, () => investor(t.app, cashier, '6000')));
    const chosenId = (await subscribe(chosen, offer.id, 4)).json().data.id;
    for (const member of others) await subscribe(member, offer.id, 3);
    const tooMany = await api(t.app).post(
      'admin/ipo/review',
      { id: chosenId, allottedLots: 6 },
      { headers: operator.headers },
    );
    expect(tooMany.json()).toMatchObject({
      code: 'IPO_ALLOT_TOO_MANY',
      message: 'Allotted lots must be at most 4: 4 lots were applied for and 5 lots of the offer are left',
    });
    const reviewed = await api(t.app).post(
      'admin/ipo/review',
      { id: chosenId, allottedLots: 3 },
      { headers: operator.headers },
    );
    expect(reviewed.json().data).toMatchObject({ manual: true, allottedLots: 3 });
    const queue = await api(t.app).get(`admin/ipo/list?offerId=${offer.id}`, { headers: operator.headers });
    expect(queue.json().data.total).toBe(4);
    await api(t.app).post('admin/ipo/allot', { id: offer.id }, { headers: operator.headers });
    const published = (await api(t.app).get(`ipo/allotment?id=${offer.id}`, { headers: {} })).json().data;
    expect(published).toMatchObject({ lotsOffered: 5, lotsDrawn: 2 });
    const drawn = published.list.filter((row: { inLottery: boolean }) => row.inLottery);
    const expected = recompute(published.seed, drawn.map(asApplication), 2);
    for (const row of drawn) expect(row.allottedLots).toBe(expected.get(row.subscriptionId));
    expect(published.list.find((row: { subscriptionId: number }) => row.subscriptionId === chosenId)).toMatchObject({
      inLottery: false,
      allottedLots: 3,
    });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ipo.review'), eq(auditLog.entityId, String(chosenId))));
    expect(audit?.after).toEqual({ manual: true, allottedLots: 3 });
  });
});

describe('operator input is refused, never clamped (docs/admin.md, Rules)', () => {
  it('a hand allotment above the lots applied is a 422 naming the field in two languages and saves nothing', async () => {
    const offer = await createOffer({ priceMin: '10', priceMax: '10', sharesOffered: 100_000 });
    const member = await investor(t.app, cashier, '6000');
    const applied = (await subscribe(member, offer.id, 5)).json().data;
    for (const [lang, message] of [
      ['en', 'Allotted lots must be at most 5: 5 lots were applied for and 1000 lots of the offer are left'],
      ['zh-CN', '配售手数最多为 5：申购了 5 手，本次发行剩余 1000 手'],
    ]) {
      const refused = await api(t.app).post(
        'admin/ipo/review',
        { id: applied.id, allottedLots: 99 },
        { headers: operator.headers, lang },
      );
      expect([refused.statusCode, refused.json()]).toEqual([422, { code: 'IPO_ALLOT_TOO_MANY', message }]);
    }
    const negative = await api(t.app).post(
      'admin/ipo/review',
      { id: applied.id, allottedLots: -1 },
      { headers: operator.headers },
    );
    expect([negative.statusCode, negative.json().message]).toEqual([422, ['Allotted lots must be at least 0']]);
    const [row] = await t.app.db.select().from(ipoSubscriptions).where(eq(ipoSubscriptions.id, applied.id));
    expect(row).toMatchObject({ manual: false, allottedLots: null, lots: 5 });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ipo.review'), eq(auditLog.entityId, String(applied.id))));
    expect(audits).toEqual([]);
  });

  it('a lot size, minimum or maximum lots out of range is a 422 naming the field, on create and update, and nothing changes', async () => {
    const offer = await createOffer();
    const cases: [object, string][] = [
      [{ lotSize: -100 }, 'Lot size must be at least 1'],
      [{ lotSize: 0 }, 'Lot size must be at least 1'],
      [{ lotSize: 1_000_001 }, 'Lot size must be at most 1000000'],
      [{ lotSize: 1.5 }, 'Lot size must be a whole number'],
      [{ minLots: 0 }, 'Minimum lots must be at least 1'],
      [{ maxLots: -3 }, 'Maximum lots must be at least 1'],
    ];
    for (const [input, message] of cases) {
      const created = await api(t.app).post('admin/ipo/offer/create', offerInput(input), { headers: operator.headers });
      expect([created.statusCode, created.json()], JSON.stringify(input)).toEqual([
        422,
        { code: 'VALIDATION_FAILED', message: [message] },
      ]);
      const updated = await api(t.app).post(
        'admin/ipo/offer/update',
        { id: offer.id, ...input },
        { headers: operator.headers },
      );
      expect([updated.statusCode, updated.json().message], JSON.stringify(input)).toEqual([422, [message]]);
    }
    const detail = (await api(t.app).get(`ipo/detail?id=${offer.id}`, { headers: {} })).json().data;
    expect(detail).toMatchObject({ lotSize: 100, minLots: 1, maxLots: 5 });
  });
});

describe('concurrency', () => {
  it('concurrent subscribes racing for one balance across offers: exactly one wins', async () => {
    const offers = await Promise.all(Array.from({ length: 6 }, () => createOffer({ priceMin: '10', priceMax: '10' })));
    const member = await investor(t.app, cashier, '1500');
    const results = await Promise.all(offers.map((offer) => subscribe(member, offer.id, 1)));
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(results.filter((response) => response.json().code === 'INSUFFICIENT_BALANCE')).toHaveLength(5);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '495', frozen: '1005' });
  });

  it('concurrent subscribes to one offer by one member: exactly one application', async () => {
    const offer = await createOffer({ priceMin: '10', priceMax: '10' });
    const member = await investor(t.app, cashier, '10000');
    const results = await Promise.all(Array.from({ length: 5 }, () => subscribe(member, offer.id, 1)));
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(results.filter((response) => response.json().code === 'IPO_ALREADY_SUBSCRIBED')).toHaveLength(4);
    const rows = await t.app.db.select().from(ipoSubscriptions).where(eq(ipoSubscriptions.offerId, offer.id));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '8995', frozen: '1005' });
  });
});
