export { sendNotice } from './send.ts';
