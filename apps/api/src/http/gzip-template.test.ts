import { crc32, createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipTemplate } from './gzip-template.js';

const page = (posts: number) =>
  Array.from({ length: posts + 1 }, (_, i) =>
    i === 0
      ? '{"posts":[{"id":"a0","caption":"Scène ☀ #ok",'
      : `},{"id":"a${i}","caption":"${'lorem ipsum '.repeat(i)}",`,
  );

/** Decoded by a streaming decoder too, as a browser decodes an answer. */
async function gunzipStreaming(bytes: Buffer): Promise<string> {
  const gunzip = createGunzip();
  const chunks: Buffer[] = [];
  gunzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
  for (let at = 0; at < bytes.length; at += 7) gunzip.write(bytes.subarray(at, at + 7));
  gunzip.end();
  await done;
  return Buffer.concat(chunks).toString('utf8');
}

describe('GzipTemplate', () => {
  it('gives a gzip member that decodes to the parts with the holes written in', async () => {
    const parts = page(20);
    const holes = parts.slice(1).map((_, i) => `"likes":{"count":${i * 7},"liked":${i % 2 === 0}}`.padEnd(40));
    const template = new GzipTemplate(parts, 40);
    const whole = parts.map((part, i) => part + (holes[i] ?? '')).join('');
    const gzipped = template.fill(holes);
    if (gzipped === null) throw new Error('every hole is 40 bytes: the template must take them');
    expect(gunzipSync(gzipped).toString('utf8')).toBe(whole);
    expect(await gunzipStreaming(gzipped)).toBe(whole);
    // The parts refer back to each other across the holes: about as small as the whole text gzipped at once.
    expect(gzipped.length).toBeLessThan(gzipSync(whole).length + holes.length * 50);
    expect(gzipped.length).toBeLessThan(Buffer.byteLength(whole) / 3);
  });

  it('is filled again and again with other holes, each answer its own', () => {
    const template = new GzipTemplate(['[', ',', ']'], 4);
    const text = (holes: string[]) => gunzipSync(template.fill(holes) ?? Buffer.alloc(0)).toString();
    expect(text(['1   ', '2   '])).toBe('[1   ,2   ]');
    expect(text(['"ü"', '""  '])).toBe('["ü",""  ]');
  });

  it('takes empty parts, empty holes, a template without holes, and a hole of a whole stored block', () => {
    const decode = (bytes: Buffer | null) => gunzipSync(bytes ?? Buffer.alloc(0)).toString();
    expect(decode(new GzipTemplate(['', '', ''], 0).fill(['', '']))).toBe('');
    expect(decode(new GzipTemplate(['only text'], 3).fill([]))).toBe('only text');
    const long = 'x'.repeat(40_001) + 'é'.repeat(12_767);
    expect(Buffer.byteLength(long)).toBe(0xffff);
    expect(decode(new GzipTemplate(['<', '>'], 0xffff).fill([long]))).toBe(`<${long}>`);
    expect(() => new GzipTemplate(['<', '>'], 0x10000)).toThrow(/at most 65535 bytes/);
  });

  it('refers back across more than a window of text, and past holes whose text repeats the parts', () => {
    const parts = Array.from({ length: 30 }, (_, i) => `{"n":${i},"text":"${'abcdefgh'.repeat(200)}"}`);
    const holes = parts.slice(1).map((part) => part.slice(0, 50));
    const whole = parts.map((part, i) => part + (holes[i] ?? '')).join('');
    expect(gunzipSync(new GzipTemplate(parts, 50).fill(holes) ?? Buffer.alloc(0)).toString()).toBe(whole);
  });

  it('gives nothing for a hole of another size, and refuses a number of holes that does not match its gaps', () => {
    const template = new GzipTemplate(['a', 'b'], 2);
    expect(template.fill(['x'])).toBeNull();
    expect(template.fill(['xyz'])).toBeNull();
    expect(() => template.fill([])).toThrow(/takes 1 holes, not 0/);
  });

  it("writes the whole text's CRC-32 in the trailer, with parts of every length kept as steps, not reread", () => {
    const lengths = [0, 1, 7, 8, 31, 32, 33, 255, 256, 1_000, 40_000];
    const parts = lengths.map((length, i) => 'é{"x":1}'.repeat(length).slice(0, length) + (i % 3 === 0 ? '' : '☀'));
    const template = new GzipTemplate(parts, 6);
    for (const seed of [0, 1, 2, 3]) {
      const holes = parts.slice(1).map((_, i) =>
        String((i + 1) * 7919 * (seed + 1))
          .slice(-6)
          .padStart(6, ' '),
      );
      const whole = parts.map((part, i) => part + (holes[i] ?? '')).join('');
      const gzipped = template.fill(holes) ?? Buffer.alloc(0);
      expect(gzipped.readUInt32LE(gzipped.length - 8)).toBe(crc32(whole));
      expect(gunzipSync(gzipped).toString()).toBe(whole);
    }
  });

  it('refuses a part holding a zero byte, which a back-reference could take for a hole', () => {
    expect(() => new GzipTemplate(['a\u0000b'], 0)).toThrow(/zero byte/);
  });
});
