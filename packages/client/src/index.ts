export { deviceOf } from '@soar/contract';
export * from './call.ts';
export * from './client.ts';
export * from './errors.ts';
export * from './query-string.ts';
