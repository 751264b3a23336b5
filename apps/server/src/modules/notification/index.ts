export { noticeGroupSql, pushWanted } from './groups.ts';
export { NotificationMailer } from './mail.ts';
export { notificationRoutes } from './routes.ts';
export { unsubscribeSecret } from './secret.ts';
export { NotificationSettingsService } from './service.ts';
