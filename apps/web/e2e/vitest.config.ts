import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The browser journeys run apart from the unit and API suites (`npm run test:e2e`): they need the built app
// (`npm run build`) and Debian's Chromium (scripts/install-system-deps.sh chromium).
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/support/global-setup.ts'],
    setupFiles: ['apps/web/e2e/support/no-csp-violations.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
