import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaRoot } from './media-store.js';
import { mediaContentType } from './media-types.js';
import type { CheckedFiles } from './storage/media-storage.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * How long a browser may keep a file that only some may read (a friends-only post's, ADR 075) before it asks
 * again: losing access to a post loses its files on the next request, and at the latest this long after the last.
 */
export const CHECKED_FILE_CACHE_CONTROL = 'private, max-age=600';

/** Who a post's file is answered for: everyone alike (a long public cache), or this reader only. */
export type PostFilesAudience = 'everyone' | 'reader';

/**
 * Whether a request may read the files of a post, asked before any of them is served: the domain's answer
 * (domains/media/post-files-access.ts, which asks posts/visibility.ts), null for a 404. This layer sits below the
 * domains (ADR 061), so the check is handed in.
 */
export type PostFilesGate = (postId: string, request: FastifyRequest) => Promise<PostFilesAudience | null>;

export interface MediaRouteOptions {
  dataDir: string;
  postFiles: PostFilesGate;
  /** Where a post's checked files are read from when they are not on this server's disk (the bucket: ADR 075). */
  checkedFiles: CheckedFiles | null;
}

/** The post a `/media/posts/` request was let through for, and as what: set by the gate, read when answering. */
const admitted = new WeakMap<FastifyRequest, { postId: string; audience: PostFilesAudience }>();

/** The first segment of a path below `posts/` (`<postId>/<run>/<file>`): the post's id as written. */
const firstSegment = (path: string): string => path.replace(/^\/+/, '').split('/', 1)[0] ?? '';

/** What every served file carries: a fixed content type from its extension, no sniffing, a sandbox for anything opened. */
function fileHeaders(reply: FastifyReply, path: string): void {
  const type = mediaContentType(path);
  if (type) reply.header('content-type', type);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
}

const common = {
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
} satisfies Partial<FastifyStaticOptions>;

/**
 * Serves DATA_DIR/media read-only at /media/. File names carry a content hash or an immutable id, so responses
 * are cached for a year. Only known media extensions are served, with a fixed content type and `nosniff`;
 * directories are never listed, and dot-files and `..` never resolve.
 *
 * A post's files (`/media/posts/<postId>/…`) follow the post's audience (ADR 075, amending ADR 050): each request
 * asks `postFiles` first. A post everyone may see is served as any other file; one only some may see (friends-only,
 * or hidden but for its author) is served to them with `CHECKED_FILE_CACHE_CONTROL`; anyone else gets the 404 of a
 * file that is not there. On object storage those checked files live outside the bucket's public prefix and are
 * streamed from it here (`checkedFiles`).
 */
export async function registerMediaFiles(app: FastifyInstance, options: MediaRouteOptions): Promise<void> {
  await app.register(async (posts) => {
    posts.addHook('onRequest', async (request, reply) => {
      const wildcard = (request.params as { '*'?: string })['*'] ?? '';
      // A name the route would never serve costs no read of the post.
      if (mediaContentType(wildcard) === null) return reply.callNotFound();
      const postId = firstSegment(wildcard);
      const audience = await options.postFiles(postId, request);
      if (audience === null) return reply.callNotFound();
      admitted.set(request, { postId, audience });
    });
    if (options.checkedFiles) registerBucketFiles(posts, options.checkedFiles);
    else {
      await posts.register(fastifyStatic, {
        ...common,
        root: `${mediaRoot(options.dataDir)}/posts`,
        prefix: '/media/posts/',
        // The path sent is the one the gate checked: its first segment is the admitted post's id.
        allowedPath: (pathName, _root, request) =>
          mediaContentType(pathName) !== null && admitted.get(request)?.postId === firstSegment(pathName),
        setHeaders: (reply, path) => {
          fileHeaders(reply, path);
          if (admitted.get(reply.request)?.audience !== 'everyone') {
            reply.header('cache-control', CHECKED_FILE_CACHE_CONTROL);
          }
        },
      });
    }
  });
  await app.register(fastifyStatic, {
    ...common,
    root: mediaRoot(options.dataDir),
    prefix: '/media/',
    // Posts' files are the gated route's alone, however the path is spelled to reach this one (in any case: a
    // disk that ignores case would find `Posts/` too).
    allowedPath: (pathName) => mediaContentType(pathName) !== null && firstSegment(pathName).toLowerCase() !== 'posts',
    setHeaders: (reply, path) => fileHeaders(reply, path),
  });
}

/**
 * `GET|HEAD /media/posts/*` on object storage: the admitted file streamed from the bucket's checked prefix, with
 * Range and the conditional headers passed through (video seeks, revalidation). A file not there is the 404 of any
 * missing file.
 */
function registerBucketFiles(posts: FastifyInstance, files: CheckedFiles): void {
  posts.get('/media/posts/*', async (request, reply) => {
    const relativePath = `posts/${(request.params as { '*': string })['*']}`;
    const found = mediaContentType(relativePath)
      ? await files.open(relativePath, {
          range: request.headers.range,
          ifNoneMatch: request.headers['if-none-match'],
          ifModifiedSince: request.headers['if-modified-since'],
        })
      : null;
    if (!found) return reply.callNotFound();
    reply.code(found.status);
    for (const [name, value] of Object.entries(found.headers)) reply.header(name, value);
    fileHeaders(reply, relativePath);
    reply.header(
      'cache-control',
      admitted.get(request)?.audience === 'everyone'
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : CHECKED_FILE_CACHE_CONTROL,
    );
    if (found.body === null) return reply.send(); // a 304 or a 416: headers only
    if (request.method === 'HEAD') {
      found.body.destroy();
      return reply.send();
    }
    return reply.send(found.body);
  });
}
