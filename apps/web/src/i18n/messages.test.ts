import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { defaultLocale, locales } from './locales';
import { namespaces } from './namespaces';

const messagesDir = new URL('../../messages/', import.meta.url);

// Names that are the same in every language; every other string must be translated.
const sameInEveryLanguage = new Set(['App.name', 'Notifications.push.title']);
/** Words a language spells as English does ("Notifications" in French, "Hashtags" in German, Spanish and French). */
const sameAsEnglishIn: Record<string, ReadonlySet<string>> = {
  de: new Set(['Search.hashtags']),
  es: new Set(['Search.hashtags']),
  fr: new Set(['Notifications.title', 'Shell.nav.notifications', 'Search.hashtags']),
};

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

/**
 * ICU arguments such as `{count}` or `{name, select, ...}`, and rich-text tags, read by the ICU parser: a
 * translation must keep every one of them. What a plural or select branch says is the translation's own
 * (`one {Beitrag} other {Beiträge}`), so only the arguments inside the branches count.
 */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isLiteralElement(element) || isPoundElement(element)) continue;
      names.add(element.value);
      if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (isTagElement(element)) walk(element.children);
    }
  };
  walk(parse(text));
  return [...names].sort();
}

const english = load(defaultLocale);

/** The web app's own code (tests aside), as one text to look keys up in. */
function appSource(): string {
  const sourceDir = fileURLToPath(new URL('..', import.meta.url));
  const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  return files.map((file) => readFileSync(join(sourceDir, file), 'utf8')).join('\n');
}

/**
 * Whether the code names `key` (Namespace.a.b): as a string of any of its tails ('b', 'a.b', 'Namespace.a.b'),
 * since a component reads its messages through `useTranslations('Namespace.a')`; or built in a template, from
 * a fixed part before a variable (`a.${code}`) or after one (`${service}Description`).
 */
function isNamed(key: string, source: string): boolean {
  const parts = key.split('.');
  const tails = parts.map((_, start) => parts.slice(start).join('.'));
  if (tails.some((tail) => ["'", '"', '`'].some((quote) => source.includes(`${quote}${tail}${quote}`)))) return true;
  for (let start = 0; start < parts.length; start += 1)
    for (let end = parts.length - 1; end > start; end -= 1)
      if (source.includes(`\`${parts.slice(start, end).join('.')}.\${`)) return true;
  const leaf = parts.at(-1) ?? '';
  return [...leaf.matchAll(/[A-Z]/g)].some((capital) => source.includes(`}${leaf.slice(capital.index)}\``));
}

describe('messages', () => {
  it('has exactly one folder per supported locale, each with one file per namespace', () => {
    expect(readdirSync(messagesDir).sort()).toEqual([...locales].sort());
    for (const locale of locales) {
      const files = readdirSync(new URL(`${locale}/`, messagesDir)).sort();
      expect(files, locale).toEqual(namespaces.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it('has no message that no code uses', () => {
    const source = appSource();
    expect([...english.keys()].filter((key) => !isNamed(key, source))).toEqual([]);
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
          if (!sameInEveryLanguage.has(key) && !sameAsEnglishIn[locale]?.has(key))
            expect(text, `${locale}: ${key} is English`).not.toBe(english.get(key));
        }
      });

      it('keeps the ICU arguments of every English message', () => {
        for (const [key, text] of translated)
          expect(argumentsOf(text), `${locale}: ${key}`).toEqual(argumentsOf(english.get(key) ?? ''));
      });
    });
  }
});
