import type { ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { earlyTapScript } from './early-taps.js';

/**
 * The framework's scripts of a page (React, Next's router and runtime, the page's own chunk: about 150 KB gz)
 * are fetched once the page's first picture has been painted, instead of from the head (ADR 026, ADR 027). On a
 * phone's link they shared the bandwidth with that picture, and where they were at hand (a fast link, or the
 * browser's cache on a later visit) they ran before it was painted: the page's largest paint waited for them
 * either way. Nothing on a page needs them to be read (pages are server-rendered; links are links), only to be
 * touched.
 *
 * "Painted" is the frame after the picture has been decoded: `decode()` settles when the picture can be drawn, an
 * animation frame callback runs before the next frame is drawn, and a task queued from it runs after that frame.
 * A picture that is slow to come gives them PICTURE_WAIT_MS at most. On such a page the window's `load` may come
 * before they run (ADR 027). A page without a first picture (forms, lists of people) adds them at once, as the
 * body ends: they hold its `load` back until they have run, so a form whose page says it has loaded is one that
 * answers.
 *
 * Next writes each of them as `<script src="/_next/static/…" async>` (and the page's chunk also as a low-priority
 * `<link rel="preload">`); both are taken out of the HTML as it streams, and one inline script at the end of
 * the body, with the page's nonce, adds the same scripts (after the picture one per task, so the page stays free
 * to answer between them). Taps on buttons before the scripts have run are kept by a script at the end of the
 * head and given to React once it is there (web/early-taps.ts, ADR 030).
 */
export const PICTURE_WAIT_MS = 3000;

const SCRIPT_ELEMENT = /<script\b([^>]*)><\/script>/g;
const SCRIPT_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="script"[^>]*\/?>/g;
/**
 * A framework script's address: a content-hashed path. One of any other shape is neither taken out of the page
 * nor written into the loader, so whatever is taken out is also put back.
 */
const ASSET_PATH = String.raw`/_next/static/[\w./~-]+\.js`;
const FRAMEWORK_SRC = new RegExp(String.raw`\bsrc="(${ASSET_PATH})"`);
const FRAMEWORK_HREF = new RegExp(String.raw`\bhref="${ASSET_PATH}"`);
const SAFE_SRC = new RegExp(`^${ASSET_PATH}$`);

export const loaderScript = (sources: readonly string[], nonce: string): string => {
  const list = JSON.stringify(sources.filter((src) => SAFE_SRC.test(src)));
  return (
    `<script nonce="${nonce}">(function(){var d=document,n=${JSON.stringify(nonce)},s=${list},done=0;` +
    'function add(u){var e=d.createElement("script");e.src=u;e.async=true;e.nonce=n;d.head.appendChild(e)}' +
    // All at once, while the page is parsed: they hold its load back (a page without a picture).
    'function go(){if(done)return;done=1;s.forEach(add)}' +
    // One per task, once the picture is on screen: asking for a script costs the browser a few milliseconds, and
    // all of them in one task held a phone's main thread for tens of them, just when a person may first tap.
    'function each(){if(done)return;done=1;var i=0,c=new MessageChannel();' +
    'c.port1.onmessage=function(){if(i<s.length){add(s[i++]);c.port2.postMessage(0)}else c.port1.close()};' +
    'c.port2.postMessage(0)}' +
    // After the frame in which the picture is first drawn.
    'function painted(){requestAnimationFrame(function(){setTimeout(each,0)})}' +
    'var p=d.querySelector("img[fetchpriority=high]");' +
    `if(!p||!p.decode)go();else{p.decode().then(painted,painted);setTimeout(each,${PICTURE_WAIT_MS})}})()</script>`
  );
};

/** A streaming rewrite of one page's HTML: feed it the chunks in order, then `end()`. */
export function scriptsAfterLoad(nonce: string) {
  const sources: string[] = [];
  let pending = '';

  const rewrite = (html: string): string =>
    html
      .replace(SCRIPT_ELEMENT, (element, attributes: string) => {
        const src = FRAMEWORK_SRC.exec(attributes)?.[1];
        if (!src || !/\basync\b/.test(attributes) || /\bnomodule\b/i.test(attributes)) return element;
        sources.push(src);
        return '';
      })
      .replace(SCRIPT_PRELOAD, (link) => (FRAMEWORK_HREF.test(link) ? '' : link))
      .replace('</head>', `${earlyTapScript(nonce)}</head>`)
      .replace('</body>', `${loaderScript(sources, nonce)}</body>`);

  /** Where the text can be cut safely: before a tag or script element that has not ended yet. */
  const safeEnd = (text: string): number => {
    const script = text.lastIndexOf('<script');
    if (script >= 0 && text.indexOf('</script>', script) < 0) return script;
    const tag = text.lastIndexOf('<');
    return tag >= 0 && text.indexOf('>', tag) < 0 ? tag : text.length;
  };

  return {
    push(text: string): string {
      const all = pending + text;
      const cut = safeEnd(all);
      pending = all.slice(cut);
      return rewrite(all.slice(0, cut));
    },
    end(): string {
      const rest = pending;
      pending = '';
      return rewrite(rest);
    },
  };
}

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

/**
 * Applies `scriptsAfterLoad` to what is written to `res` when it is an HTML page; anything else passes untouched.
 * Installed over a compressing `res`, so it sees the page before it is compressed.
 */
export function deferFrameworkScripts(res: ServerResponse, nonce: string): void {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  let page: { decoder: StringDecoder; rewriter: ReturnType<typeof scriptsAfterLoad> } | null | undefined;
  const pageOf = () => {
    if (page === undefined) {
      const html = /^text\/html\b/i.test(String(res.getHeader('content-type') ?? ''));
      page = html ? { decoder: new StringDecoder('utf8'), rewriter: scriptsAfterLoad(nonce) } : null;
      // The rewritten page is shorter than Next measured it.
      if (html && !res.headersSent) res.removeHeader('content-length');
    }
    return page;
  };
  // Bytes are decoded across chunk boundaries (a character may be split between two writes).
  const textOf = (decoder: StringDecoder, chunk: unknown): string =>
    typeof chunk === 'string'
      ? chunk
      : decoder.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const html = pageOf();
    if (!html || chunk === undefined || chunk === null) return write(chunk, encoding, callback);
    const out = html.rewriter.push(textOf(html.decoder, chunk));
    const done = typeof encoding === 'function' ? encoding : callback;
    return write(out, 'utf8', done);
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    const html = pageOf();
    if (!html) return end(chunk, encoding, callback);
    const done = [chunk, encoding, callback].find((value) => typeof value === 'function');
    const last =
      chunk !== undefined && chunk !== null && typeof chunk !== 'function' ? textOf(html.decoder, chunk) : '';
    const out = html.rewriter.push(last + html.decoder.end()) + html.rewriter.end();
    return end(out, 'utf8', done);
  }) as ServerResponse['end'];
}
