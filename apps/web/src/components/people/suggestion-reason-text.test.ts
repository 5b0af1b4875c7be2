import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { type Locale, locales } from '../../i18n/locales';
import { suggestionReasonText } from './suggestion-reason-text';

const textIn = async (locale: Locale, suggestion: Parameters<typeof suggestionReasonText>[0]) => {
  const messages = { People: (await import(`../../../messages/${locale}/People.json`)).default };
  const t = createTranslator({ locale, messages, namespace: 'People.reason' });
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return suggestionReasonText(suggestion, t, (items) => list.format(items));
};

describe('suggestion reasons in words', () => {
  it('names the people behind a network suggestion as a list of the interface language', async () => {
    const via = ['alice', 'bob', 'carol'];
    const reason = 'followed_by_people_you_follow' as const;
    expect(await textIn('en', { reason, via: ['alice'] })).toBe('Followed by alice');
    expect(await textIn('en', { reason, via: ['alice', 'bob'] })).toBe('Followed by alice and bob');
    expect(await textIn('en', { reason, via })).toBe('Followed by alice, bob, and carol');
    expect(await textIn('de', { reason, via })).toBe('Gefolgt von alice, bob und carol');
    expect(await textIn('en', { reason, via: [] })).toBe('Followed by people you follow');
  });

  it('says every reason in every language', async () => {
    for (const locale of locales) {
      const texts = new Set<string>();
      for (const reason of ['followed_by_people_you_follow', 'friend_of_friends', 'same_country', 'popular'] as const) {
        const text = await textIn(locale, { reason, via: ['alice'] });
        expect(text.trim().length, `${locale} ${reason}`).toBeGreaterThan(3);
        texts.add(text);
      }
      expect(texts.size, locale).toBe(4);
    }
  });
});
