import type { Quote } from '@soar/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../shared/i18n.ts';
import { PriceHeader } from './price-header.tsx';

const quote: Quote = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  kind: 'stock',
  market: 'US',
  currency: 'USD',
  lotSize: 1,
  price: '254.10',
  open: '252.00',
  high: '255.00',
  low: '251.50',
  close: '254.10',
  prevClose: '252.00',
  bid: '254.09',
  ask: '254.11',
  volume: 1_000_000,
  change: '2.10',
  changePercent: '0.83',
  time: '2026-03-02T14:02:30.000Z',
  stale: false,
  lastMessageAt: '2026-03-02T14:02:31.000Z',
};

describe('the quote page header', () => {
  beforeAll(() => applyLanguage('en'));
  afterEach(cleanup);

  it('marks a price whose feed is silent, with the day of its last message when that was not today', () => {
    render(<PriceHeader quote={{ ...quote, stale: true }} />);
    const mark = screen.getByTestId('stale-mark');
    expect(mark.textContent).toContain('Price paused');
    const heard = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date('2026-03-02T14:02:31.000Z'),
    );
    expect(mark.textContent).toContain(`Last update ${heard}`);
    expect(screen.getByTestId('quote-price').textContent).toBe('254.10');
  });

  it('says only "Price paused" for a feed not heard since the server started', () => {
    render(<PriceHeader quote={{ ...quote, stale: true, lastMessageAt: null }} />);
    expect(screen.getByTestId('stale-mark').textContent).toBe('Price paused');
  });

  it('shows no mark on a live price', () => {
    render(<PriceHeader quote={quote} />);
    expect(screen.queryByTestId('stale-mark')).toBeNull();
  });
});
