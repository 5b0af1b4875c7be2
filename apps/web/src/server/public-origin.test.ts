import { describe, expect, it } from 'vitest';
import { publicBase } from './public-origin';

describe('publicBase', () => {
  it('takes the configured public URL first, else the host the request came to', () => {
    const none = () => null;
    expect(publicBase('https://civitas.example/', none)).toBe('https://civitas.example');
    const forwarded = (name: string) =>
      ({ host: '127.0.0.1:3000', 'x-forwarded-host': 'civitas.example', 'x-forwarded-proto': 'https' })[name] ?? null;
    expect(publicBase(undefined, forwarded)).toBe('https://civitas.example');
    expect(publicBase(undefined, (name) => (name === 'host' ? 'localhost:3201' : null))).toBe('http://localhost:3201');
    expect(publicBase(undefined, none)).toBeUndefined();
  });
});
