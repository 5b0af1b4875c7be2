'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import styles from './notifications.module.css';
import { useLiveNotifications } from './use-live-notifications';

/** Above this the badge says "99+". */
const MOST_SHOWN = 99;
/** New notifications are announced at most this often, however many arrive (a polite region, not an alarm). */
const ANNOUNCE_EVERY_MS = 10_000;
const TITLE_COUNT = /^\(\d+\+?\) /;

/**
 * The unread count on the navigation's notifications tab (ADR 078), live on every signed-in page, and in the
 * document's title ("(3) Civitas"). A rise is announced politely, at most every ten seconds; the badge itself is
 * not a live region, so screen readers are not told of every event.
 */
export function UnreadBadge() {
  const t = useTranslations('Shell.notifications');
  const format = useFormatter();
  const { unread } = useLiveNotifications();
  const count = unread ?? 0;
  const shown = count > MOST_SHOWN ? `${format.number(MOST_SHOWN)}+` : format.number(count);
  useDocumentTitleCount(count, shown);
  const announcement = useThrottledAnnouncement(count, (rise) => t('arrived', { count: rise }));
  return (
    <>
      {count > 0 ? (
        <span className={styles.badge} data-testid="unread-badge">
          <span aria-hidden="true">{shown}</span>
          <span className="visually-hidden">{t('unread', { count })}</span>
        </span>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}

/** Keeps "(n) " in front of the document's title while n > 0, whatever title each page sets. */
function useDocumentTitleCount(count: number, shown: string): void {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(TITLE_COUNT, '');
      const wanted = count > 0 ? `(${shown}) ${base}` : base;
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    // A client navigation sets the next page's title: the count goes back in front of it.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(TITLE_COUNT, '');
    };
  }, [count, shown]);
}

/** The text of the polite region: the rise since the last announcement, once per interval. */
function useThrottledAnnouncement(count: number, describe: (rise: number) => string): string {
  const [text, setText] = useState('');
  const announced = useRef<number | null>(null);
  const lastAt = useRef(0);
  const describeRise = useRef(describe);
  describeRise.current = describe;
  useEffect(() => {
    if (announced.current === null || count <= announced.current) {
      // The first count of the page, and a fall (read elsewhere), are not news.
      announced.current = count;
      return;
    }
    const wait = Math.max(0, lastAt.current + ANNOUNCE_EVERY_MS - Date.now());
    const timer = setTimeout(() => {
      const rise = count - (announced.current ?? count);
      announced.current = count;
      lastAt.current = Date.now();
      if (rise > 0) setText(describeRise.current(rise));
    }, wait);
    return () => clearTimeout(timer);
  }, [count]);
  return text;
}
