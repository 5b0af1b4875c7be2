import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mediaRoot } from './media-store.js';
import { mediaContentType } from './media-types.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves DATA_DIR/media read-only at /media/. File names carry a content hash or an immutable id, so responses
 * are cached for a year. Only known media extensions are served, with a fixed content type and `nosniff`;
 * directories are never listed, and dot-files and `..` never resolve.
 */
export async function registerMediaFiles(app: FastifyInstance, dataDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: mediaRoot(dataDir),
    prefix: '/media/',
    decorateReply: false,
    suppressWarning: true,
    list: false,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: true,
    maxAge: ONE_YEAR_SECONDS * 1000,
    immutable: true,
    allowedPath: (pathName) => mediaContentType(pathName) !== null,
    setHeaders: (reply, path) => {
      const type = mediaContentType(path);
      if (type) reply.header('content-type', type);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}
