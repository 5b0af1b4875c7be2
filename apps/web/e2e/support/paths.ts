import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));
export const serverEntry = fileURLToPath(new URL('../../../api/dist/main.js', import.meta.url));
export const webBuildId = fileURLToPath(
  new URL(`../../${process.env.NEXT_DIST_DIR ?? '.next'}/BUILD_ID`, import.meta.url),
);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
