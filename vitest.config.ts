import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'apps/admin', 'packages/client', 'packages/i18n'],
  },
});
