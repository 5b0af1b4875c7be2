import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

// The workspace root: Next and React are hoisted there by npm workspaces.
const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A path of this app, as next-intl wants it: relative to the working directory, which is this folder for `next
 * build` but anywhere for the server that loads this file again at start (outside production, next-intl checks
 * that the file exists there).
 */
const fromHere = (path: string): string => {
  const fromWorkingDirectory = relative(process.cwd(), fileURLToPath(new URL(path, import.meta.url)));
  return fromWorkingDirectory.startsWith('.') ? fromWorkingDirectory : `./${fromWorkingDirectory}`;
};

const nextConfig: NextConfig = {
  // A second build directory lets a development build run beside the one the server is using.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root: workspaceRoot },
  outputFileTracingRoot: workspaceRoot,
  // Required from node_modules, not bundled: the web server's error reports go through the SDK client the API
  // started in this process, which lives in that one copy.
  serverExternalPackages: ['@sentry/nextjs', '@sentry/node'],
  // The stylesheets are linked, not inline (ADR 074, amending ADR 023): inline, every page carried the whole app's
  // CSS twice (in <style> tags and again in the RSC payload for the client), 65 of its 119 KB and a fifth of the
  // server's work per page, where a linked file is fetched once and kept by the browser.
  // The server that serves the pages compresses them itself, after moving the framework's scripts behind the
  // page's load (apps/api/src/web/scripts-after-load.ts, ADR 026): compressed here, there was nothing to rewrite.
  compress: false,
};

export default createNextIntlPlugin({
  requestConfig: fromHere('./src/i18n/request.ts'),
  // The messages files (one per namespace and locale, under messages/) are compiled from ICU text at build time,
  // and the browser formats the compiled form, so it carries no ICU parser (intl-messageformat).
  experimental: { messages: { path: fromHere('./messages'), format: 'json', locales: 'infer', precompile: true } },
})(nextConfig);
