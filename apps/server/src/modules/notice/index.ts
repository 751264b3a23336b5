export { sendNotice } from './send.ts';
export { noticeTexts } from './texts.ts';
