export { watchLiveNotices } from './live-notices.ts';
