export * from './member.ts';
export * from './settings.ts';
export * from './wallet.ts';
