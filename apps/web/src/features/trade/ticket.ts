import {
  blockOrderQuantity,
  type Direction,
  directions,
  type OrderInput,
  type OrderType,
  orderTypes,
  type TimeInForce,
  timeInForce,
} from '@soar/contract';
import Decimal from 'decimal.js';

/**
 * What the ticket offers: the contract's order types, with the trailing stop split by how it
 * trails (an amount of price or a percent of the best price), since each has its own field.
 */
export const ticketKinds = ['market', 'limit', 'stop', 'stopLimit', 'trailingAmount', 'trailingPercent'] as const;
export type TicketKind = (typeof ticketKinds)[number];

export type PriceField = 'limitPrice' | 'stopPrice' | 'trailAmount' | 'trailPercent';

/** The price fields each kind shows, in the order they appear. */
export const priceFieldsOf: Record<TicketKind, PriceField[]> = {
  market: [],
  limit: ['limitPrice'],
  stop: ['stopPrice'],
  stopLimit: ['stopPrice', 'limitPrice'],
  trailingAmount: ['trailAmount'],
  trailingPercent: ['trailPercent'],
};

const typeOf: Record<TicketKind, OrderType> = {
  market: orderTypes.market,
  limit: orderTypes.limit,
  stop: orderTypes.stop,
  stopLimit: orderTypes.stopLimit,
  trailingAmount: orderTypes.trailingStop,
  trailingPercent: orderTypes.trailingStop,
};

export type Ticket = {
  symbol: string;
  direction: Direction;
  kind: TicketKind;
  quantity: number;
  limitPrice: string;
  stopPrice: string;
  trailAmount: string;
  trailPercent: string;
  stopLoss: string;
  takeProfit: string;
  timeInForce: TimeInForce;
};

export const newTicket = (symbol: string, direction: Direction, lot = 1): Ticket => ({
  symbol,
  direction,
  kind: 'market',
  quantity: lot,
  limitPrice: '',
  stopPrice: '',
  trailAmount: '',
  trailPercent: '',
  stopLoss: '',
  takeProfit: '',
  timeInForce: timeInForce.day,
});

/** The kind of an order as the ticket names it. */
export const kindOf = (order: { type: OrderType; trailPercent: string | null }): TicketKind =>
  order.type === orderTypes.trailingStop ? (order.trailPercent ? 'trailingPercent' : 'trailingAmount') : order.type;

/** The order the ticket describes: only the fields its kind takes, empty stop loss and take profit left out. */
export function toOrderInput(ticket: Ticket): OrderInput {
  const input: OrderInput = {
    symbol: ticket.symbol,
    type: typeOf[ticket.kind],
    direction: ticket.direction,
    quantity: ticket.quantity,
    timeInForce: ticket.timeInForce,
  };
  for (const field of priceFieldsOf[ticket.kind]) input[field] = ticket[field].trim();
  if (ticket.stopLoss.trim()) input.stopLoss = ticket.stopLoss.trim();
  if (ticket.takeProfit.trim()) input.takeProfit = ticket.takeProfit.trim();
  return input;
}

/** The ticket as the confirmation page's query (`/pages/payment/stock?symbol=...`). */
export function ticketQuery(ticket: Ticket): string {
  const params = new URLSearchParams({
    symbol: ticket.symbol,
    direction: ticket.direction,
    kind: ticket.kind,
    quantity: String(ticket.quantity),
    timeInForce: ticket.timeInForce,
  });
  for (const field of [...priceFieldsOf[ticket.kind], 'stopLoss', 'takeProfit'] as const) {
    const value = ticket[field].trim();
    if (value) params.set(field, value);
  }
  return params.toString();
}

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  list.includes(value as T);

/** The ticket back from the confirmation page's query; undefined when it is not a whole order. */
export function ticketFromQuery(query: Record<string, string>): Ticket | undefined {
  const { symbol, direction, kind, timeInForce: tif } = query;
  const quantity = Number(query.quantity);
  if (!symbol || !Number.isSafeInteger(quantity) || quantity < 1) return undefined;
  if (!isOneOf(Object.values(directions), direction) || !isOneOf(ticketKinds, kind)) return undefined;
  if (!isOneOf(Object.values(timeInForce), tif)) return undefined;
  const ticket: Ticket = { ...newTicket(symbol, direction), kind, quantity, timeInForce: tif };
  for (const field of [...priceFieldsOf[kind], 'stopLoss', 'takeProfit'] as const) ticket[field] = query[field] ?? '';
  return ticket;
}

export const isBlock = (quantity: number) => quantity >= blockOrderQuantity;

/** One lot more or less, never below one lot; a quantity off the grid snaps to it first. */
export function stepQuantity(quantity: number, lot: number, steps: number): number {
  const onGrid = Math.floor(quantity / lot) * lot;
  const base = steps < 0 && onGrid !== quantity ? onGrid + lot : onGrid;
  return Math.max(lot, base + steps * lot);
}

const decimal = /^\d{1,12}(\.\d{1,8})?$/;
const percent = /^\d{1,2}(\.\d{1,4})?$/;

export type TicketProblem =
  | { field: 'quantity'; key: 'trading.validation.quantity'; lot: number }
  | { field: PriceField | 'stopLoss' | 'takeProfit'; key: string };

/**
 * What stops the ticket from being an order: the quantity off the board lot, a price field left
 * empty or not a positive decimal, a stop loss or take profit on the wrong side of `reference`
 * (the estimated fill price). The server checks all of it again.
 */
export function ticketProblems(ticket: Ticket, lot: number | undefined, reference?: string): TicketProblem[] {
  const problems: TicketProblem[] = [];
  if (lot !== undefined && (ticket.quantity < lot || ticket.quantity % lot !== 0)) {
    problems.push({ field: 'quantity', key: 'trading.validation.quantity', lot });
  }
  for (const field of priceFieldsOf[ticket.kind]) {
    const value = ticket[field].trim();
    const valid =
      field === 'trailPercent'
        ? percent.test(value) && new Decimal(value).gt(0)
        : decimal.test(value) && new Decimal(value).gt(0);
    if (!valid)
      problems.push({
        field,
        key: field === 'trailPercent' ? 'trading.validation.percent' : 'trading.validation.price',
      });
  }
  problems.push(...protectionProblems(ticket.direction, ticket, reference));
  return problems;
}

/**
 * A stop loss or take profit that is not a positive decimal, or on the wrong side of `reference`
 * (the estimated fill price of an order, the mark of a position): a long's stop loss is below
 * and its take profit above; a short's the other way round. Empty ones are left out.
 */
export function protectionProblems(
  direction: Direction,
  values: { stopLoss: string; takeProfit: string },
  reference?: string | null,
): TicketProblem[] {
  const problems: TicketProblem[] = [];
  const long = direction === directions.buy;
  for (const field of ['stopLoss', 'takeProfit'] as const) {
    const value = values[field].trim();
    if (!value) continue;
    if (!decimal.test(value) || !new Decimal(value).gt(0)) {
      problems.push({ field, key: 'trading.validation.price' });
      continue;
    }
    if (reference == null) continue;
    const below = new Decimal(value).lt(reference);
    const above = new Decimal(value).gt(reference);
    if (field === 'stopLoss' && (long ? !below : !above)) {
      problems.push({ field, key: long ? 'trading.validation.stopLossBuy' : 'trading.validation.stopLossSell' });
    }
    if (field === 'takeProfit' && (long ? !above : !below)) {
      problems.push({ field, key: long ? 'trading.validation.takeProfitBuy' : 'trading.validation.takeProfitSell' });
    }
  }
  return problems;
}
