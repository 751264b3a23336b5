export { queueSettledNotices } from './outbox.ts';
export { noticePage } from './page.ts';
export { sendNotice } from './send.ts';
export { noticeTexts } from './texts.ts';
