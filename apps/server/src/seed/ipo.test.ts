import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { api, bearer } from '../test/http.ts';
import { expectLedgerVerified, tempDataDir } from '../test/wallet.ts';

describe('demo IPOs in development', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: 'development', dataDir: tempDataDir() });
    // The engine node's first pass of the jobs: ORCA is past its listing time.
    await t.app.jobs.runDue();
    const login = await api(t.app).post('member/login', { mail: 'demo@soar.local', password: 'demo1234' });
    token = login.json().data.token;
  });
  afterAll(() => t.close());

  it('shows one offer in every state of the life cycle', async () => {
    const list = (await api(t.app).get('ipo/list')).json().data.list as {
      symbol: string;
      state: string;
      seed: string | null;
    }[];
    expect(list.map((offer) => [offer.symbol, offer.state])).toEqual([
      ['NOVA', 'open'],
      ['HELI', 'closed'],
      ['QBIT', 'allotted'],
      ['ORCA', 'listed'],
    ]);
    expect(list.find((offer) => offer.symbol === 'QBIT')?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(list.find((offer) => offer.symbol === 'HELI')?.seed).toBeNull();
  });

  it("holds the demo member's applications: one awaiting with its funds frozen, one allotted and paid, one listed", async () => {
    const mine = (await api(t.app).get('ipo/subscription/list', { headers: bearer(token) })).json().data.list;
    expect(mine).toMatchObject([
      { symbol: 'ORCA', status: 3, allottedQuantity: 100, paid: '3010' },
      { symbol: 'QBIT', status: 1, allottedQuantity: 300, paid: '4510', refund: '0' },
      { symbol: 'HELI', status: 0, amount: '4810' },
    ]);
    await expectLedgerVerified(t.app);
  });

  it('lists ORCA by the listing job, not the seed: it quotes, and the demo member holds its allotment', async () => {
    const quote = await api(t.app).get('market/quote/detail?symbol=ORCA');
    expect(quote.json().data).toMatchObject({ symbol: 'ORCA', prevClose: '30.00' });
    const holdings = (await api(t.app).get('order/holdings', { headers: bearer(token) })).json().data.list;
    expect(holdings).toMatchObject([{ symbol: 'ORCA', quantity: 100, openPrice: '30', openFee: '0' }]);
    expect((await api(t.app).get('market/quote/detail?symbol=QBIT')).statusCode).toBe(404);
  });
});
