export * from './member.ts';
export * from './settings.ts';
