export { closeIn } from './closing.ts';
export { memberPositions } from './lists.ts';
export { fill, openDelivered, place } from './placement.ts';
export { feeOf, fillSide, formatPx, liveSides, priceOn, sides } from './pricing.ts';
export type { OrderRow, PositionRow, TradeService } from './service.ts';
