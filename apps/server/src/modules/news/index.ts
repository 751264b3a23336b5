export type { NewsService } from './service.ts';
