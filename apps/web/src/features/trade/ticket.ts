import {
  blockOrderQuantity,
  type Direction,
  directions,
  type HoldingCloseBody,
  maxOrderQuantity,
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

/**
 * What the member does (docs/trading.md, Selling what you hold): `buy` opens or adds to a long,
 * `short` opens a short; `sell` closes what is held long and `cover` buys a short back. A Sell
 * never opens a short by itself.
 */
export const ticketActions = ['buy', 'sell', 'short', 'cover'] as const;
export type TicketAction = (typeof ticketActions)[number];

const directionOf: Record<TicketAction, Direction> = {
  buy: directions.buy,
  cover: directions.buy,
  sell: directions.sell,
  short: directions.sell,
};

/** A closing action: the direction of the holding it closes. */
export const closedHolding: Partial<Record<TicketAction, Direction>> = { sell: directions.buy, cover: directions.sell };
export const isClosing = (action: TicketAction) => closedHolding[action] !== undefined;

/** What a tap on Buy or Sell means: Sell closes a long when one is held, Buy covers a short. */
export function defaultAction(direction: Direction, held: { long: number; short: number }): TicketAction {
  if (direction === directions.sell) return held.long > 0 ? 'sell' : 'short';
  return held.short > 0 ? 'cover' : 'buy';
}

/** The actions the ticket offers: Sell only on a long holding, Buy to cover only on a short one. */
export const actionsFor = (held: { long: number; short: number }): TicketAction[] =>
  ticketActions.filter((action) => (action === 'sell' ? held.long > 0 : action === 'cover' ? held.short > 0 : true));

export type Ticket = {
  symbol: string;
  action: TicketAction;
  direction: Direction;
  kind: TicketKind;
  /** As typed: never rewritten, checked by `ticketProblems`. */
  quantity: string;
  limitPrice: string;
  stopPrice: string;
  trailAmount: string;
  trailPercent: string;
  stopLoss: string;
  takeProfit: string;
  timeInForce: TimeInForce;
};

export const newTicket = (symbol: string, action: TicketAction, lot = 1): Ticket => ({
  symbol,
  action,
  direction: directionOf[action],
  kind: 'market',
  quantity: String(lot),
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

/** The ticket with another action: its direction follows. */
export const withAction = (ticket: Ticket, action: TicketAction): Ticket => ({
  ...ticket,
  action,
  direction: directionOf[action],
});

/** A typed decimal as the wire takes it: a comma is read as the decimal point, nothing else changes. */
const decimalOf = (value: string) => value.trim().replace(',', '.');

/** The order the ticket describes: only the fields its kind takes, empty stop loss and take profit left out. */
export function toOrderInput(ticket: Ticket): OrderInput {
  const input: OrderInput = {
    symbol: ticket.symbol,
    type: typeOf[ticket.kind],
    direction: ticket.direction,
    quantity: Number(ticket.quantity.trim()),
    timeInForce: ticket.timeInForce,
  };
  for (const field of priceFieldsOf[ticket.kind]) input[field] = decimalOf(ticket[field]);
  if (ticket.stopLoss.trim()) input.stopLoss = decimalOf(ticket.stopLoss);
  if (ticket.takeProfit.trim()) input.takeProfit = decimalOf(ticket.takeProfit);
  return input;
}

/** The close a Sell or a Buy to cover describes. */
export function toCloseBody(ticket: Ticket): HoldingCloseBody {
  const direction = closedHolding[ticket.action];
  if (!direction) throw new Error(`${ticket.action} opens a position`);
  return { symbol: ticket.symbol, direction, quantity: Number(ticket.quantity.trim()) };
}

/** The ticket as the confirmation page's query (`/pages/payment/stock?symbol=...`). */
export function ticketQuery(ticket: Ticket): string {
  const params = new URLSearchParams({
    symbol: ticket.symbol,
    action: ticket.action,
    kind: ticket.kind,
    quantity: ticket.quantity.trim(),
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
  const { symbol, action, kind, timeInForce: tif, quantity = '' } = query;
  if (!symbol || !wholeNumber.test(quantity) || Number(quantity) < 1) return undefined;
  if (!isOneOf(ticketActions, action) || !isOneOf(ticketKinds, kind)) return undefined;
  if (!isOneOf(Object.values(timeInForce), tif)) return undefined;
  const ticket: Ticket = { ...newTicket(symbol, action), kind, quantity, timeInForce: tif };
  for (const field of [...priceFieldsOf[kind], 'stopLoss', 'takeProfit'] as const) ticket[field] = query[field] ?? '';
  return ticket;
}

/** A block order: reviewed by an operator. Closing is never one. */
export const isBlock = (ticket: Pick<Ticket, 'quantity' | 'action'>) =>
  !isClosing(ticket.action) && Number(ticket.quantity) >= blockOrderQuantity;

const wholeNumber = /^\d{1,12}$/;

/** A whole number in digits as typed (spaces around it aside): no decimal point, sign or exponent. IPO lots follow it too. */
export const isWholeNumber = (typed: string) => wholeNumber.test(typed.trim());

/** One lot more or less, never below one lot; a quantity off the grid (or not a number) steps from the grid. */
export function stepQuantity(typed: string, lot: number, steps: number): string {
  const quantity = wholeNumber.test(typed.trim()) ? Number(typed.trim()) : 0;
  const onGrid = Math.floor(quantity / lot) * lot;
  const base = steps < 0 && onGrid !== quantity ? onGrid + lot : onGrid;
  return String(Math.max(lot, base + steps * lot));
}

const decimal = /^\d{1,12}(\.\d{1,8})?$/;
const percent = /^\d{1,2}(\.\d{1,4})?$/;

export type TicketProblem = {
  field: PriceField | 'quantity' | 'stopLoss' | 'takeProfit';
  key: string;
  params?: Record<string, string | number>;
};

/**
 * What is wrong with a typed quantity, said, never corrected: not digits (a fraction, a sign, an
 * exponent), none, above the maximum (or what is held, when closing), off the board lot.
 */
export function quantityProblem(typed: string, lot: number, held?: number): TicketProblem | undefined {
  const value = typed.trim();
  const problem = (key: string, params?: Record<string, number>): TicketProblem => ({ field: 'quantity', key, params });
  if (!wholeNumber.test(value))
    return problem(value ? 'trading.validation.wholeShares' : 'trading.validation.noQuantity');
  const quantity = Number(value);
  if (quantity < 1) return problem('trading.validation.noQuantity');
  const max = held ?? maxOrderQuantity;
  if (quantity > max)
    return problem(held === undefined ? 'trading.validation.tooMany' : 'trading.validation.moreThanHeld', { max });
  if (quantity % lot !== 0) return problem('trading.validation.quantity', { lot });
  return undefined;
}

/**
 * What stops the ticket from being an order: the quantity (`quantityProblem`), a price field left
 * empty or not a positive decimal, a stop loss or take profit on the wrong side of `reference`
 * (the estimated fill price). The server checks all of it again, and the tick grid besides.
 */
export function ticketProblems(
  ticket: Ticket,
  lot: number | undefined,
  reference?: string,
  held?: number,
): TicketProblem[] {
  const problems: TicketProblem[] = [];
  const quantity = lot === undefined ? undefined : quantityProblem(ticket.quantity, lot, held);
  if (quantity) problems.push(quantity);
  if (isClosing(ticket.action)) return problems;
  for (const field of priceFieldsOf[ticket.kind]) {
    const value = decimalOf(ticket[field]);
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
    const value = decimalOf(values[field]);
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
