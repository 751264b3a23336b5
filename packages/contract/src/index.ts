export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './legacy.ts';
export * from './member.ts';
export * from './money.ts';
export * from './operator.ts';
export * from './settings.ts';
