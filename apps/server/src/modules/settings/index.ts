export type { SettingsService } from './service.ts';
