import { defineConfig } from 'vitest/config';

// Workspace sources are imported as TypeScript (the "civitas-source" export condition), so tests need no build.
export default defineConfig({
  resolve: { conditions: ['civitas-source'] },
  ssr: { resolve: { conditions: ['civitas-source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] },
      },
    ],
  },
});
