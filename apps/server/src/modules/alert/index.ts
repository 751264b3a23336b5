export { AlertEngine, alertNoticeKind } from './engine.ts';
export { alertRoutes } from './routes.ts';
export { AlertService } from './service.ts';
