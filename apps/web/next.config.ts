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
  // The stylesheets (about 4 KB gz on a page) go inside the HTML's <style> tags instead of <link>s: the first
  // paint waits for no stylesheet request, so the page and its first picture can paint before the framework's
  // scripts run (ADR 023). The CSP allows inline styles (style-src 'unsafe-inline').
  experimental: { inlineCss: true },
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
