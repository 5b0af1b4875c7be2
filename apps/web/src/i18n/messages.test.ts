import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLocale, locales } from './locales';
import { namespaces } from './namespaces';

const messagesDir = new URL('../../messages/', import.meta.url);

// Names that are the same in every language; every other string must be translated.
const sameInEveryLanguage = new Set(['App.name']);

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [nested, text] of flatten(value, path)) flat.set(nested, text);
  }
  return flat;
}

const readNamespace = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`${locale}/${namespace}.json`, messagesDir), 'utf8')) as Messages;

const load = (locale: string) =>
  flatten(Object.fromEntries(namespaces.map((namespace) => [namespace, readNamespace(locale, namespace)])));

/** ICU arguments such as `{count}` or `{name, select, ...}`: a translation must keep every one of them. */
const argumentsOf = (text: string) => [...text.matchAll(/\{\s*([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort();

const english = load(defaultLocale);

describe('messages', () => {
  it('has exactly one folder per supported locale, each with one file per namespace', () => {
    expect(readdirSync(messagesDir).sort()).toEqual([...locales].sort());
    for (const locale of locales) {
      const files = readdirSync(new URL(`${locale}/`, messagesDir)).sort();
      expect(files, locale).toEqual(namespaces.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it('has no empty English message', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });

  for (const locale of locales.filter((candidate) => candidate !== defaultLocale)) {
    describe(locale, () => {
      const translated = load(locale);

      it('has exactly the keys of en.json', () => {
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('translates every message rather than copying the English one', () => {
        for (const [key, text] of translated) {
          expect(text.trim(), `${locale}: ${key}`).not.toBe('');
          if (!sameInEveryLanguage.has(key)) expect(text, `${locale}: ${key} is English`).not.toBe(english.get(key));
        }
      });

      it('keeps the ICU arguments of every English message', () => {
        for (const [key, text] of translated)
          expect(argumentsOf(text), `${locale}: ${key}`).toEqual(argumentsOf(english.get(key) ?? ''));
      });
    });
  }
});
