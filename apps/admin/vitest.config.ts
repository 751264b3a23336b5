import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'admin', environment: 'happy-dom', include: ['src/**/*.test.ts'] },
});
