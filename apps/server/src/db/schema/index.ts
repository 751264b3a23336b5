export * from './audit.ts';
export * from './market.ts';
export * from './member.ts';
export * from './news.ts';
export * from './settings.ts';
export * from './wallet.ts';
export * from './watchlist.ts';
