import { createServer, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../test/support/free-port.js';
import { earlyTapScript } from './early-taps.js';
import { deferFrameworkScripts, loaderScript, PICTURE_WAIT_MS, scriptsAfterLoad } from './scripts-after-load.js';

const nonce = 'bm9uY2Utb2YtdGhlLXBhZ2U=';
const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  `<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/page-1a.js"/>` +
  `<script src="/_next/static/chunks/react-2b.js" async="" nonce="${nonce}"></script>` +
  `<script src="/_next/static/chunks/turbopack-3c.js" async="" nonce="${nonce}"></script>` +
  `<script src="/_next/static/chunks/polyfills-4d.js" noModule="" nonce="${nonce}"></script>` +
  '<link rel="icon" href="/favicon.png"/></head>';
const body =
  '<body><main><h1>Scène à la plage ☀</h1><img src="/media/a.webp" fetchPriority="high"/></main>' +
  `<script nonce="${nonce}" id="_R_">self.__next_f=[]</script>` +
  `<script src="/_next/static/chunks/page-1a.js" nonce="${nonce}" async=""></script>` +
  `<script nonce="${nonce}">self.__next_f.push([1,"data"])</script></body></html>`;
const page = head + body;

const rewriteWhole = (html: string) => {
  const rewriter = scriptsAfterLoad(nonce);
  return rewriter.push(html) + rewriter.end();
};

describe('scriptsAfterLoad', () => {
  it("takes the framework's async scripts and their preloads out, and loads them from the end of the body", () => {
    const html = rewriteWhole(page);
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/(react|turbopack|page)/);
    expect(html).not.toContain('rel="preload" as="script"');
    // What the page needs before the scripts stays: the module-less fallback, the data, the icon, the picture.
    expect(html).toContain('noModule=""');
    expect(html).toContain('self.__next_f.push([1,"data"])');
    expect(html).toContain('<link rel="icon" href="/favicon.png"/>');
    expect(html).toContain('<img src="/media/a.webp" fetchPriority="high"/>');
    const loader = loaderScript(
      ['/_next/static/chunks/react-2b.js', '/_next/static/chunks/turbopack-3c.js', '/_next/static/chunks/page-1a.js'],
      nonce,
    );
    expect(html).toContain(`${loader}</body></html>`);
    expect(loader).toContain(`<script nonce="${nonce}">`);
    expect(loader).toContain(`setTimeout(each,${PICTURE_WAIT_MS})`);
  });

  it('keeps taps from before hydration with a script at the end of the head, under the page nonce (ADR 030)', () => {
    const html = rewriteWhole(page);
    const keeper = earlyTapScript(nonce);
    expect(keeper).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`<link rel="icon" href="/favicon.png"/>${keeper}</head><body>`);
    expect(html.split(keeper)).toHaveLength(2);
  });

  it('gives the same page whatever the chunks the HTML arrives in, tags and characters split included', () => {
    const whole = rewriteWhole(page);
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 64, 333]) {
      const rewriter = scriptsAfterLoad(nonce);
      const decoder = new TextDecoder();
      let out = '';
      for (let at = 0; at < bytes.length; at += size) {
        out += rewriter.push(decoder.decode(bytes.subarray(at, at + size), { stream: true }));
      }
      out += rewriter.push(decoder.decode()) + rewriter.end();
      expect(out, `chunks of ${size} bytes`).toBe(whole);
    }
  });

  it('leaves a script whose address is not a plain asset path where it is', () => {
    const odd = `<script src="/_next/static/chunks/odd%20name.js" async="" nonce="${nonce}"></script>`;
    const html = rewriteWhole(`<html><head>${odd}</head><body></body></html>`);
    expect(html).toContain(odd);
    expect(html).toContain(loaderScript([], nonce));
  });

  it('never writes an address into the loader that is not a plain asset path', () => {
    const loader = loaderScript(['/_next/static/chunks/ok.js', '/_next/static/x.js"];alert(1);//.js'], nonce);
    expect(loader).toContain('["/_next/static/chunks/ok.js"]');
    expect(loader).not.toContain('alert');
  });
});

describe('deferFrameworkScripts', () => {
  const serve = async (contentType: string, chunks: readonly Buffer[]) => {
    const server = createServer((_req, res) => {
      deferFrameworkScripts(res, nonce);
      res.setHeader('content-type', contentType);
      res.setHeader('content-length', String(chunks.reduce((sum, chunk) => sum + chunk.length, 0)));
      for (const chunk of chunks.slice(0, -1)) res.write(chunk);
      res.end(chunks.at(-1));
    });
    const port = await listenOnLoopback(server);
    try {
      return await new Promise<{ text: string; length: string | undefined }>((resolve, reject) => {
        request({ port, host: '127.0.0.1' }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () =>
            resolve({ text: Buffer.concat(parts).toString(), length: res.headers['content-length'] }),
          );
        })
          .on('error', reject)
          .end();
      });
    } finally {
      server.close();
    }
  };

  it('rewrites an HTML page written in pieces, without the length Next measured', async () => {
    const bytes = Buffer.from(page);
    const { text, length } = await serve('text/html; charset=utf-8', [bytes.subarray(0, 200), bytes.subarray(200)]);
    expect(text).toBe(rewriteWhole(page));
    expect(length).toBeUndefined();
  });

  it('leaves anything that is not a page as it was written', async () => {
    const script = Buffer.from(`<script src="/_next/static/chunks/react-2b.js" async=""></script>`);
    const { text, length } = await serve('application/javascript', [script]);
    expect(text).toBe(script.toString());
    expect(length).toBe(String(script.length));
  });
});
