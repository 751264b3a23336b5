import type { OrderPreview, Position, Quote } from '@soar/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { quoteDetailQuery } from '../../../shared/quote/quote-detail.ts';
import { HoldingsTab } from './holdings-tab.tsx';
import { OrderTicket } from './order-ticket.tsx';

// The realtime socket, in memory: a test sends a quote frame as the server would (docs/market.md,
// Stale feeds: every quote of a market again when its feed flips).
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const subscribe = (topic: string, listener: (data: unknown) => void) => {
    const set = listeners.get(topic) ?? new Set();
    listeners.set(topic, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
  return {
    listeners,
    subscribe,
    send: (topic: string, data: unknown) => {
      for (const listener of listeners.get(topic) ?? []) listener(data);
    },
  };
});
vi.mock('../../../shared/realtime/index.ts', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    realtime: { subscribe: socket.subscribe },
    useTopic: (topic: string | null | undefined, listener: (data: unknown) => void) => {
      const latest = useRef(listener);
      latest.current = listener;
      useEffect(() => (topic ? socket.subscribe(topic, (data) => latest.current(data)) : undefined), [topic]);
    },
  };
});

const calls = vi.hoisted(() => ({ previews: 0, quote: undefined as unknown, held: [] as unknown[] }));
vi.mock('@soar/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@soar/client')>()),
  call: async (key: string) => {
    if (key === 'GET /order/holdings') return { list: calls.held, totals: [] };
    if (key === 'GET /order/pending') return { list: [], total: 0, page: 1, pageSize: 20 };
    if (key === 'GET /market/status/list') return [];
    if (key === 'GET /market/quote/detail') return calls.quote;
    if (key === 'POST /order/preview') {
      calls.previews += 1;
      return preview;
    }
    throw new Error(`unexpected call ${key}`);
  },
}));

// Heard today: the mark names the time alone, to the second.
const lastHeard = new Date(new Date().setHours(14, 2, 31, 0)).toISOString();
const fresh: Quote = {
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
  lastMessageAt: lastHeard,
};
const stale: Quote = { ...fresh, stale: true };

const preview: OrderPreview = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  market: 'US',
  currency: 'USD',
  type: 'market',
  direction: 'buy',
  quantity: 1,
  lotSize: 1,
  last: '254.10',
  bid: '254.09',
  ask: '254.11',
  price: '254.11',
  notional: '254.11',
  fee: '1.00',
  feeBreakdown: {
    market: 'US',
    rate: '0.001',
    minimum: '1.00',
    platformFee: '0.00',
    vipLevel: 0,
    discount: '0',
    commission: '1.00',
    fee: '1.00',
  },
  total: '255.11',
  fundsNeeded: '255.11',
  available: '10000.00',
  availableAfter: '9744.89',
  sufficient: true,
  breakEven: '256.12',
  lossAtStopLoss: null,
  gainAtTakeProfit: null,
  stopOutRatio: '0.5',
  stopOutPrice: null,
  block: false,
  fillsNow: true,
  waitingFor: null,
  expiresAt: null,
  session: {
    market: 'US',
    timezone: 'America/New_York',
    state: 'open',
    alwaysOpen: true,
    nextOpen: null,
    nextClose: null,
  },
};

function withClient(children: ReactNode, quote: Quote) {
  calls.quote = quote;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(quoteDetailQuery(quote.symbol).queryKey, quote);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

function openTicket(quote: Quote) {
  return render(
    withClient(
      <OrderTicket instrument={quote} direction="buy" onClose={() => undefined} onReview={() => undefined} />,
      quote,
    ),
  );
}

const position: Position = {
  id: 1,
  orderId: 1,
  symbol: 'AAPL',
  name: 'Apple Inc.',
  market: 'US',
  currency: 'USD',
  direction: 'buy',
  lotSize: 1,
  quantity: 10,
  openedQuantity: 10,
  openPrice: '250.00',
  openFee: '1.00',
  cost: '2500.00',
  stopLoss: null,
  takeProfit: null,
  status: 'open',
  closeReason: null,
  last: '254.10',
  bid: '254.09',
  ask: '254.11',
  markPrice: '254.09',
  marketValue: '2540.90',
  floatingPnl: '40.90',
  floatingPnlPercent: '1.64',
  realisedPnl: '0.00',
  closedQuantity: 0,
  stopOutPrice: null,
  openedAt: '2026-03-02T13:00:00.000Z',
  closedAt: null,
};

const review = () => screen.getByRole('button', { name: 'Review order' }) as HTMLButtonElement;
const clock = new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(new Date(lastHeard));

describe('a quote whose feed is silent', () => {
  beforeAll(() => applyLanguage());
  beforeEach(() => {
    calls.previews = 0;
    calls.held = [];
    socket.listeners.clear();
  });
  afterEach(cleanup);

  it('pauses the ticket: says why, when prices last moved, asks for no preview and offers no review', async () => {
    openTicket(stale);
    const notice = await screen.findByTestId('orders-paused');
    expect(notice.textContent).toContain('Orders paused');
    expect(notice.textContent).toContain('Prices for AAPL have stopped updating');
    expect(notice.textContent).toContain(`Last update ${clock}`);
    expect(notice.getAttribute('role')).toBe('status');
    // Longer than the ticket's 300 ms wait before it previews.
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    expect(calls.previews).toBe(0);
    expect(review().disabled).toBe(true);
    expect(screen.queryByTestId('order-preview')).toBeNull();
  });

  it('lifts the pause with the first fresh quote over the socket, and pauses again on a stale one', async () => {
    openTicket(stale);
    await screen.findByTestId('orders-paused');
    await waitFor(() => expect(socket.listeners.get('quote:AAPL')?.size).toBeGreaterThan(0));
    act(() => socket.send('quote:AAPL', fresh));
    await waitFor(() => expect(screen.queryByTestId('orders-paused')).toBeNull());
    await waitFor(() => expect(review().disabled).toBe(false));
    expect(calls.previews).toBeGreaterThan(0);
    act(() => socket.send('quote:AAPL', stale));
    await screen.findByTestId('orders-paused');
    expect(review().disabled).toBe(true);
  });

  it('leaves a live ticket as it was: no notice, a preview, Review offered', async () => {
    openTicket(fresh);
    await waitFor(() => expect(review().disabled).toBe(false));
    expect(calls.previews).toBeGreaterThan(0);
    expect(screen.queryByTestId('orders-paused')).toBeNull();
    expect(within(screen.getByTestId('order-preview')).getByTestId('preview-price').textContent).toContain('254.11');
  });

  it('marks the held positions of a paused market, and drops the mark with the first fresh tick', async () => {
    calls.held = [position];
    render(withClient(<HoldingsTab />, stale));
    const card = await screen.findByTestId('position-card');
    const mark = await within(card).findByTestId('stale-mark');
    expect(mark.textContent).toContain('Price paused');
    expect(mark.textContent).toContain(`Last update ${clock}`);
    await waitFor(() => expect(socket.listeners.get('quote:AAPL')?.size).toBeGreaterThan(0));
    act(() => socket.send('quote:AAPL', fresh));
    await waitFor(() => expect(within(card).queryByTestId('stale-mark')).toBeNull());
    act(() => socket.send('quote:AAPL', stale));
    await within(card).findByTestId('stale-mark');
  });

  it('shows no mark on a position whose market is live', async () => {
    calls.held = [position];
    render(withClient(<HoldingsTab />, fresh));
    const card = await screen.findByTestId('position-card');
    expect(within(card).getByTestId('position-mark').textContent).toBe('254.09');
    expect(within(card).queryByTestId('stale-mark')).toBeNull();
  });
});

async function applyLanguage() {
  const { applyLanguage: apply } = await import('../../../shared/i18n.ts');
  await apply('en');
}
