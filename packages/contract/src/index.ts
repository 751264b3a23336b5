export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './market.ts';
export * from './member.ts';
export * from './money.ts';
export * from './settings.ts';
