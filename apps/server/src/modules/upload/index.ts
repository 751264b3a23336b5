export { UploadService } from './service.ts';
