import type { MarketStatus } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let test: TestApp;
// Thanksgiving, Thursday 2026-11-26 15:00 UTC: 10:00 in New York, a weekday the NYSE is closed.
const now = Date.parse('2026-11-26T15:00:00Z');

beforeAll(async () => {
  test = await createTestApp({}, { market: { clock: () => now } });
});
afterAll(() => test.close());

describe('market status on a holiday', () => {
  it('shows New York and its indices closed, opening on Friday for a day that ends at 13:00', async () => {
    const response = await api(test.app).get('market/status/list');
    expect(response.statusCode, response.body).toBe(200);
    const byKey = new Map((response.json().data as MarketStatus[]).map((market) => [market.key, market]));
    const friday = {
      state: 'closed',
      nextOpen: '2026-11-27T14:30:00.000Z',
      nextClose: '2026-11-27T18:00:00.000Z',
      dayOpen: '2026-11-27T14:30:00.000Z',
      dayClose: '2026-11-27T18:00:00.000Z',
    };
    expect(byKey.get('US')).toMatchObject({ kind: 'market', ...friday });
    expect(byKey.get('^GSPC')).toMatchObject({ kind: 'index', ...friday });
    // Toronto has no calendar here: its Thursday is a trading day.
    expect(byKey.get('^GSPTSE')).toMatchObject({ state: 'open', nextClose: '2026-11-26T21:00:00.000Z' });
  });
});
