export * from './audit.ts';
export * from './member.ts';
export * from './settings.ts';
export * from './wallet.ts';
