import { AnalyticsMessage as ContractMessage } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { LAST_VISIT_KEY, recordFirstVisit, SESSION_USER_VISITED, VISITED_AT_KEY } from './first-visit';
import { type AnalyticsMessage, createAnalyticsQueue, type SessionIds, UNKNOWN_SESSION } from './queue';
import { describeUserAgent } from './user-agent';

const context = {
  browserName: 'Firefox',
  browserVersion: '128.0',
  os: 'Linux',
  deviceType: '' as const,
  currentUrl: 'https://civitas.example/post/1',
};
const guest: SessionIds = { userId: null, guestId: '0190a5b0-7d4e-7c3a-9f1e-000000000001' };
const citizen: SessionIds = { userId: '0190a5b0-7d4e-7c3a-9f1e-000000000002', guestId: null };

function queue(consent = { given: true }) {
  let id = 0;
  return createAnalyticsQueue({
    hasConsent: () => consent.given,
    context: () => context,
    newId: () => `event-${++id}`,
    now: () => Date.UTC(2025, 0, 1),
    limit: 3,
  });
}

describe('analytics queue (docs/product.md §3, §4)', () => {
  it('queues events until the sender is ready, then sends them in order', () => {
    const analytics = queue();
    analytics.track('a');
    analytics.track('b');
    expect(analytics.pending()).toBe(2);
    const sent: AnalyticsMessage[] = [];
    analytics.connect((message) => sent.push(message), guest);
    analytics.track('c');
    expect(sent.map((message) => message.data.eventName)).toEqual(['a', 'b', 'c']);
    expect(analytics.pending()).toBe(0);
  });

  it('sends the event shape of docs/product.md §3 as an action "send"', () => {
    const analytics = queue();
    const sent: AnalyticsMessage[] = [];
    analytics.connect((message) => sent.push(message), guest);
    analytics.track('post_liked');
    expect(sent[0]).toEqual({
      action: 'send',
      data: {
        eventName: 'post_liked',
        metadata: {
          ...context,
          ...guest,
          eventId: 'event-1',
          platform: 'Web',
          timestampDate: '2025-01-01T00:00:00.000Z',
          eventName: 'post_liked',
        },
      },
    });
  });

  it('sends every event with the ids of the session the sender opened with, those tracked before it too', () => {
    const analytics = queue();
    analytics.track('a');
    const sent: AnalyticsMessage[] = [];
    analytics.connect((message) => sent.push(message), citizen);
    analytics.track('b');
    expect(sent.map((message) => [message.data.metadata.userId, message.data.metadata.guestId])).toEqual([
      [citizen.userId, null],
      [citizen.userId, null],
    ]);
  });

  it('sends what goes out again after a reconnect with the ids of the new session', () => {
    const analytics = queue();
    const first: AnalyticsMessage[] = [];
    analytics.connect((message) => first.push(message), citizen);
    analytics.track('a');
    analytics.disconnect();
    analytics.track('b');
    const second: AnalyticsMessage[] = [];
    analytics.connect((message) => second.push(message), guest);
    expect(first.map((message) => message.data.metadata.userId)).toEqual([citizen.userId]);
    expect(second.map((message) => [message.data.eventName, message.data.metadata.guestId])).toEqual([
      ['a', guest.guestId],
      ['b', guest.guestId],
    ]);
    expect(second.every((message) => message.data.metadata.userId === null)).toBe(true);
  });

  it('records nothing without consent, and drops what waited when consent is withdrawn', () => {
    const consent = { given: false };
    const analytics = queue(consent);
    expect(analytics.track('a')).toBe(false);
    expect(analytics.pending()).toBe(0);
    consent.given = true;
    analytics.track('b');
    consent.given = false;
    const sent: AnalyticsMessage[] = [];
    analytics.connect((message) => sent.push(message), guest);
    expect(sent).toEqual([]);
  });

  it('queues again after the sender goes away, keeping only the newest events up to the limit', () => {
    const analytics = queue();
    const sent: string[] = [];
    analytics.connect((message) => sent.push(message.data.eventName), guest);
    analytics.disconnect();
    for (const name of ['a', 'b', 'c', 'd']) analytics.track(name);
    expect(analytics.pending()).toBe(3);
    analytics.connect((message) => sent.push(message.data.eventName), guest);
    expect(sent).toEqual(['b', 'c', 'd']);
  });
});

describe('acknowledgements', () => {
  const names = (messages: AnalyticsMessage[]) => messages.map((message) => message.data.eventName);
  const idOf = (message: AnalyticsMessage | undefined) => message?.data.metadata.eventId ?? '';

  it('makes messages the contract takes', () => {
    const analytics = queue();
    const sent: AnalyticsMessage[] = [];
    analytics.connect((message) => sent.push(message), guest);
    analytics.track('session_user_visited');
    expect(
      ContractMessage.safeParse({
        ...sent[0],
        data: {
          ...sent[0]?.data,
          metadata: { ...sent[0]?.data.metadata, eventId: '0190a5b0-7d4e-7c3a-9f1e-000000000002' },
        },
      }).success,
    ).toBe(true);
  });

  it('sends what was not acknowledged again, first and in order, after a reconnect', () => {
    const analytics = queue();
    const first: AnalyticsMessage[] = [];
    analytics.connect((message) => first.push(message), guest);
    analytics.track('a');
    analytics.track('b');
    analytics.acknowledge(idOf(first[0]));
    analytics.disconnect();
    analytics.track('c');
    const second: AnalyticsMessage[] = [];
    analytics.connect((message) => second.push(message), guest);
    expect(names(second)).toEqual(['b', 'c']);
  });

  it('puts a refused event back in its place for the next resend', () => {
    const analytics = queue();
    const sent: AnalyticsMessage[] = [];
    analytics.connect((message) => sent.push(message), guest);
    analytics.track('a');
    analytics.track('b');
    analytics.refuse(idOf(sent[0]));
    expect(analytics.pending()).toBe(1);
    analytics.resend();
    expect(names(sent)).toEqual(['a', 'b', 'a']);
  });

  it('hands everything unacknowledged to the last beacon, and forgets it all when cleared', () => {
    const analytics = queue();
    const sent: AnalyticsMessage[] = [];
    analytics.connect((message) => sent.push(message), guest);
    analytics.track('a');
    analytics.disconnect();
    analytics.track('b');
    expect(names(analytics.takeUnacknowledged())).toEqual(['a', 'b']);
    expect(analytics.takeUnacknowledged()).toEqual([]);
    analytics.track('c');
    analytics.clear();
    expect(analytics.takeUnacknowledged()).toEqual([]);
  });

  it('gives the last beacon the ids of the last session, and forgets them when cleared', () => {
    const analytics = queue();
    analytics.connect(() => undefined, citizen);
    analytics.disconnect();
    analytics.track('a');
    expect(analytics.takeUnacknowledged().map((message) => message.data.metadata.userId)).toEqual([citizen.userId]);
    analytics.clear();
    analytics.track('b');
    const [left] = analytics.takeUnacknowledged();
    expect([left?.data.metadata.userId, left?.data.metadata.guestId]).toEqual([
      UNKNOWN_SESSION.userId,
      UNKNOWN_SESSION.guestId,
    ]);
  });
});

describe('first visit in a tab session', () => {
  const storage = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  };

  it('emits session_user_visited once and stores the time, in the tab and as the browser’s last visit', () => {
    const visits = { tab: storage(), browser: storage() };
    const analytics = queue();
    expect(recordFirstVisit(visits, analytics, 1234)).toBe(true);
    expect(recordFirstVisit(visits, analytics, 5678)).toBe(false);
    expect(visits.tab.getItem(VISITED_AT_KEY)).toBe('1234');
    expect(visits.browser.getItem(LAST_VISIT_KEY)).toBe('1234');
    const sent: string[] = [];
    analytics.connect((message) => sent.push(message.data.eventName), guest);
    expect(sent).toEqual([SESSION_USER_VISITED]);
  });

  it('moves the last-visit time on at the next tab session’s first visit', () => {
    const browser = storage();
    recordFirstVisit({ tab: storage(), browser }, queue(), 1234);
    expect(recordFirstVisit({ tab: storage(), browser }, queue(), 9876)).toBe(true);
    expect(browser.getItem(LAST_VISIT_KEY)).toBe('9876');
  });

  it('without consent stores nothing, so the visit counts once consent is given', () => {
    const visits = { tab: storage(), browser: storage() };
    const consent = { given: false };
    expect(recordFirstVisit(visits, queue(consent), 1)).toBe(false);
    expect(visits.tab.getItem(VISITED_AT_KEY)).toBeNull();
    expect(visits.browser.getItem(LAST_VISIT_KEY)).toBeNull();
    consent.given = true;
    expect(recordFirstVisit(visits, queue(consent), 2)).toBe(true);
  });
});

describe('describeUserAgent', () => {
  it('an iPhone', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(ua)).toEqual({
      browserName: 'Safari',
      browserVersion: '17.5',
      os: 'iOS',
      deviceType: 'i_phone',
    });
  });

  it('an Android phone, and an Android tablet', () => {
    const phone =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';
    expect(describeUserAgent(phone)).toEqual({
      browserName: 'Chrome',
      browserVersion: '126.0.6478.71',
      os: 'Android',
      deviceType: 'android_phone',
    });
    const tablet =
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    expect(describeUserAgent(tablet).deviceType).toBe('');
  });

  it('desktop Edge, which also claims to be Chrome', () => {
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87';
    expect(describeUserAgent(ua)).toEqual({
      browserName: 'Edge',
      browserVersion: '126.0.2592.87',
      os: 'Windows',
      deviceType: '',
    });
  });

  it('Firefox on Linux, and something unknown', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toMatchObject({
      browserName: 'Firefox',
      browserVersion: '128.0',
      os: 'Linux',
    });
    expect(describeUserAgent('curl/8.0')).toEqual({ browserName: '', browserVersion: '', os: '', deviceType: '' });
  });
});
