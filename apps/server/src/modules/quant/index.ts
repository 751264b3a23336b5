export { accrueOrder, dailyProfit, drawRate, publishRate } from './accrual.ts';
export { endOfLocalDate, fundDaysBetween, MarketCalendar } from './calendar.ts';
export { QuantService } from './service.ts';
