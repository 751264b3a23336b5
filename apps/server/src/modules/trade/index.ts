export { memberPositions } from './lists.ts';
export { fill, openDelivered, place } from './placement.ts';
export { feeOf, fillSide, formatPx, priceOn } from './pricing.ts';
export type { OrderRow, PositionRow, TradeService } from './service.ts';
