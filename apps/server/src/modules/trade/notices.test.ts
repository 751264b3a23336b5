import { describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { api } from '../../test/http.ts';
import { buy, credit, place, tick, tradeSuite } from '../../test/trade-kit.ts';
import { createOperator, type Headers, payPassword } from '../../test/wallet.ts';

// AAPL at 100.00: bid 99.99, ask 100.01; US fees 0.05 %, at least 1, plus 0.50 per order.
const suite = tradeSuite();

async function inbox(headers: Headers, lang: string) {
  const response = await api(suite.t.app).get('notice/list', { headers: { ...headers, 'x-soar-lang': lang } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.list.map((notice: { title: string; body: string }) => [notice.title, notice.body]);
}

describe('trade notices', () => {
  it('say bought, sold short, sold to close and bought to cover, with money at its currency decimals', async () => {
    const { app } = suite.t;
    const headers = suite.member.headers;
    await credit(app, suite.member.user.id, 'USD', '100000');
    const long = await place(app, headers, buy({ quantity: 1000 }));
    const short = await place(app, headers, buy({ direction: 'sell' }));
    expect((await api(app).post('order/close', { positionId: long.positionId }, { headers })).statusCode).toBe(200);
    expect((await api(app).post('order/close', { positionId: short.positionId }, { headers })).statusCode).toBe(200);
    // 1,000 at 100.01: fee 50.005 rounded up to 50.01, plus 0.50. Closed at 99.99: P/L -20.00 less a 50.50 fee.
    // 10 short at 99.99 (fee 1.50), covered at 100.01: P/L -0.20 less 1.50.
    expect(await inbox(headers, 'en')).toEqual([
      ['Short position covered', 'Bought 10 AAPL at 100.01 USD to cover your short: realised P/L -1.70 USD.'],
      ['Long position closed', 'Sold 1,000 AAPL at 99.99 USD to close your long: realised P/L -70.50 USD.'],
      ['Short sale filled', 'Sold short 10 AAPL at 99.99 USD, fee 1.50 USD.'],
      ['Buy order filled', 'Bought 1,000 AAPL at 100.01 USD, fee 50.51 USD.'],
    ]);
    expect(await inbox(headers, 'de')).toEqual([
      [
        'Short-Position eingedeckt',
        '10 AAPL gekauft zu 100,01 USD, um Ihre Short-Position einzudecken: realisierter G/V -1,70 USD.',
      ],
      [
        'Long-Position geschlossen',
        '1.000 AAPL verkauft zu 99,99 USD, um Ihre Long-Position zu schließen: realisierter G/V -70,50 USD.',
      ],
      ['Leerverkauf ausgeführt', '10 AAPL leerverkauft zu 99,99 USD, Gebühr 1,50 USD.'],
      ['Kauforder ausgeführt', '1.000 AAPL gekauft zu 100,01 USD, Gebühr 50,51 USD.'],
    ]);
  });

  it('name the side of an order that expired or was refused', async () => {
    const { app } = suite.t;
    const headers = suite.member.headers;
    await credit(app, suite.member.user.id, 'USD', '3000000');
    await place(app, headers, buy({ type: 'limit', limitPrice: '90', timeInForce: 'day' }));
    await place(app, headers, buy({ type: 'limit', direction: 'sell', limitPrice: '110', timeInForce: 'day' }));
    await app.jobs.runDue(new Date(Date.parse('2026-11-18T00:01:00Z')));
    await setPayPassword(app.db, suite.member.user.id, payPassword);
    const trader = await createOperator(app, { role: 'trading' });
    for (const direction of ['buy', 'sell']) {
      const block = { ...buy({ direction, quantity: 10_000 }), type: 'limit', limitPrice: '100.00', payPassword };
      const order = await place(app, headers, block);
      const refused = await api(app).post(
        'admin/order/review',
        { id: order.id, status: 2, reason: 'outside our limits' },
        { headers: trader.headers },
      );
      expect(refused.statusCode, refused.body).toBe(200);
    }
    expect(await inbox(headers, 'en')).toEqual([
      [
        'Block short sale refused',
        'Your block order to sell short 10,000 AAPL was refused: outside our limits. Its frozen funds are back.',
      ],
      [
        'Block buy order refused',
        'Your block order to buy 10,000 AAPL was refused: outside our limits. Its frozen funds are back.',
      ],
      [
        'Short sale order expired',
        'Your day order to sell short 10 AAPL expired at the session close; its frozen funds are back.',
      ],
      ['Buy order expired', 'Your day order to buy 10 AAPL expired at the session close; its frozen funds are back.'],
    ]);
    const german = await inbox(headers, 'de');
    expect(german[0]?.[0]).toBe('Block-Leerverkauf abgelehnt');
    expect(german[3]?.[1]).toBe(
      'Ihr Tagesauftrag zum Kauf von 10 AAPL ist zum Sitzungsende abgelaufen; das gesperrte Guthaben ist wieder verfügbar.',
    );
  });

  it('show yen without decimals and with thousands separators, in Japanese', async () => {
    const { app } = suite.t;
    const headers = suite.member.headers;
    await credit(app, suite.member.user.id, 'JPY', '5000000');
    await tick(app, '7203.T', '2500');
    // Filled at the ask 2,500.5 (a price keeps its tick); the commission 1,500.3 rounds up to the yen, plus 50.
    const order = await place(app, headers, { symbol: '7203.T', type: 'market', direction: 'buy', quantity: 1000 });
    expect(order).toMatchObject({ fillPrice: '2500.5', fee: '1551' });
    expect(await inbox(headers, 'ja')).toEqual([
      ['買い注文が約定しました', '7203.T 1,000 株を 2,500.5 JPY で買い付けました（手数料 1,551 JPY）。'],
    ]);
  });

  it('name the money an order lacks at its currency decimals, in the reader language', async () => {
    const headers = suite.member.headers;
    // 9,999 at 100.01 = 999,999.99, fee 500.00 + 0.50; 100,000 available.
    const body = { ...buy({ quantity: 9999 }) };
    const english = await api(suite.t.app).post('order/place', body, { headers });
    expect(english.json()).toEqual({
      code: 'TRADE_INSUFFICIENT_FUNDS',
      message: 'Insufficient funds: 1,000,500.49 USD needed, 100,000.00 USD available',
    });
    const german = await api(suite.t.app).post('order/place', body, { headers: { ...headers, 'x-soar-lang': 'de' } });
    expect(german.json().message).toBe('Nicht genügend Guthaben: 1.000.500,49 USD nötig, 100.000,00 USD verfügbar');
  });
});

describe('fill reasons', () => {
  it('show their prices with the reader separators, as the notices do', async () => {
    const { app } = suite.t;
    const headers = suite.member.headers;
    await credit(app, suite.member.user.id, 'JPY', '50000000');
    await tick(app, '7203.T', '2500');
    const filled = await place(app, headers, { symbol: '7203.T', type: 'market', direction: 'buy', quantity: 1000 });
    const waiting = await place(app, headers, {
      symbol: '7203.T',
      type: 'limit',
      direction: 'buy',
      quantity: 1000,
      limitPrice: '2400',
    });
    await tick(app, '7203.T', '2390');
    const reasonOf = async (id: number, lang: string) => {
      const response = await api(app).get(`order/detail?id=${id}`, { headers: { ...headers, 'x-soar-lang': lang } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.fillReason.text;
    };
    expect(await reasonOf(filled.id, 'en')).toBe('Market order filled at 2,500.5 (ask)');
    expect(await reasonOf(filled.id, 'de')).toBe('Marktauftrag ausgeführt zu 2.500,5 (Brief)');
    expect(await reasonOf(waiting.id, 'en')).toBe('Limit 2,400 reached: filled at 2,390.5 (ask)');
    expect(await reasonOf(waiting.id, 'ja')).toBe('指値 2,400 に到達：2,390.5（売気配）で約定');
  });
});
