export { vapidKeys } from './keys.ts';
export { pushRoutes } from './routes.ts';
export { PushService } from './service.ts';
