export { assertTradable } from './admin.ts';
