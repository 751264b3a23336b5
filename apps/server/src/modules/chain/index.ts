export { accountKey } from './keys.ts';
