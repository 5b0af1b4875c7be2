import { gzipSync } from 'node:zlib';
import type { EndpointDef, ResponseOf } from '@civitas/contract';
import { Negotiator } from '@fastify/accept-negotiator';

/**
 * A response body already checked against its schema and turned into JSON, for answers served many times
 * over (cached pages) or assembled from checked parts: the per-request validation and serialisation are skipped.
 */
export class SerializedBody {
  private text: string | undefined;
  private encoded: Buffer | undefined;
  private compressed: Buffer | null | undefined;

  private constructor(
    private readonly makeText: () => string,
    /** The gzipped bytes, or null where they are not worth making (see `gzipped`). */
    private readonly makeGzipped: (body: SerializedBody) => Buffer | null,
  ) {}

  get json(): string {
    this.text ??= this.makeText();
    return this.text;
  }

  /**
   * The UTF-8 bytes, made once: a cached body (a guest's stage page) is sent many times, and encoding its
   * text again for every answer was most of what such an answer cost.
   */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.json);
    return this.encoded;
  }

  /** The bytes gzipped, also made once, or null for a body that is sent as it is (see the makers below). */
  get gzipped(): Buffer | null {
    if (this.compressed === undefined) this.compressed = this.makeGzipped(this);
    return this.compressed;
  }

  /**
   * A body kept and sent many times (a cached page): gzipped once, when first asked for. A guest's stage page
   * of 18 KB becomes under 4 KB, most of the wait on a phone's network.
   */
  static of<E extends EndpointDef>(endpoint: E, body: ResponseOf<E>): SerializedBody {
    const schema = endpoint.success.body;
    const json = JSON.stringify(schema ? schema.parse(body) : body);
    return new SerializedBody(
      () => json,
      (self) => (self.bytes.length >= MIN_GZIP_BYTES ? gzipSync(self.bytes) : null),
    );
  }

  /**
   * JSON its maker has already checked against the endpoint's response schema (domains/posts/post-json.ts),
   * made for one answer: sent plain. Compressing each answer of its own (a citizen's page) cost 0.18 ms of CPU
   * each, doubling that page's cost: those are left to a proxy that compresses, where one is in front.
   */
  static checked(json: string): SerializedBody {
    return new SerializedBody(
      () => json,
      () => null,
    );
  }

  /**
   * Checked JSON made for one answer from parts compressed once (http/gzip-template.ts): the text or the gzip
   * is assembled, whichever the client takes. `gzipped` may give null (then the text goes out plain).
   */
  static assembled(text: () => string, gzipped: () => Buffer | null): SerializedBody {
    return new SerializedBody(text, gzipped);
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Below this, gzip's header and the client's work cost more than the bytes saved. */
const MIN_GZIP_BYTES = 1024;

const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'] });

/** Whether an Accept-Encoding takes gzip over an answer as it is. */
export const takesGzip = (accepted: string | undefined): boolean =>
  accepted !== undefined && accepted !== '' && encodings.negotiate(accepted) === 'gzip';

/** The gzipped bytes of a body when the client's Accept-Encoding takes gzip and the body has them, else null. */
export const gzippedFor = (accepted: string | undefined, body: SerializedBody): Buffer | null =>
  takesGzip(accepted) ? body.gzipped : null;
