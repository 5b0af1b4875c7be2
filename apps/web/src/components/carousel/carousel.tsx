'use client';

import { ChevronLeft, ChevronRight } from 'lucide';
import { useTranslations } from 'next-intl';
import {
  Children,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Icon } from '@/components/icon';
import styles from './carousel.module.css';
import { clampIndex, indexFromScroll, keyTarget } from './carousel-logic';

export interface CarouselProps {
  /** The album's items in order, one slide each: pictures and videos rendered by the caller (server or client). */
  children: ReactNode;
  /** The album's author, for the carousel's accessible name ("Album by {name}"). */
  authorName: string;
  className?: string;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Inputs that end a scroll the carousel started: from then on the track's position is the person's. */
const takeOverEvents = ['pointerdown', 'touchstart', 'wheel'] as const;

/**
 * An album's items as a carousel (the WAI-ARIA APG pattern, without rotation): a horizontal track of full-width
 * slides that snaps natively (a swipe works before hydration, and off-screen slides stay laid out, so their own
 * `loading="lazy"` pictures load as they near), with previous and next buttons over the media, a dot per item,
 * a "2/5" badge and the Left and Right keys. The track's scroll position is the single source of the current
 * item: buttons, dots and keys scroll it, and the scroll sets the item, so every way of moving agrees.
 */
export function Carousel({ children, authorName, className }: CarouselProps) {
  const t = useTranslations('Carousel');
  const slides = Children.toArray(children);
  const count = slides.length;
  const trackId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const dotsRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  /** Whether the person has moved yet: the live status speaks only of a move, not on arrival. */
  const [moved, setMoved] = useState(false);
  /** The item a scroll the carousel started is heading for, until it gets there or the person takes over. */
  const heading = useRef<number | null>(null);
  /** The item on show, for the scroll listener (which outlives a render). */
  const shown = useRef(0);

  // The track's position sets the item. Runs before paint on hydration too, for a swipe made before it.
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const follow = () => {
      frame = 0;
      const at = indexFromScroll(track.scrollLeft, track.clientWidth, count);
      if (heading.current !== null) {
        // Passing the items on the way is not a move: the dots stay on where the scroll is going.
        if (at !== heading.current) return;
        heading.current = null;
      }
      if (at === shown.current) return;
      shown.current = at;
      setIndex(at);
      setMoved(true);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(follow);
    };
    const onScrollEnd = () => {
      heading.current = null;
      follow();
    };
    const takeOver = () => {
      heading.current = null;
    };
    follow();
    track.addEventListener('scroll', onScroll, { passive: true });
    track.addEventListener('scrollend', onScrollEnd);
    for (const type of takeOverEvents) track.addEventListener(type, takeOver, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
      track.removeEventListener('scrollend', onScrollEnd);
      for (const type of takeOverEvents) track.removeEventListener(type, takeOver);
    };
  }, [count]);

  // A video left playing on a slide scrolled away would go on being heard, unseen.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    Array.from(track.children).forEach((slide, at) => {
      if (at === index) return;
      for (const video of slide.querySelectorAll('video')) if (!video.paused) video.pause();
    });
  }, [index]);

  /** Where a move starts from: the item a running scroll is heading for, else the current one. */
  const current = () => heading.current ?? index;

  const go = useCallback(
    (to: number) => {
      const track = trackRef.current;
      if (!track) return;
      const target = clampIndex(to, count);
      const left = target * track.clientWidth;
      shown.current = target;
      setIndex(target);
      setMoved(true);
      if (Math.abs(track.scrollLeft - left) < 1) return;
      heading.current = target;
      track.scrollTo({ left, behavior: reducedMotion() ? 'instant' : 'smooth' });
    },
    [count],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLElement)) return;
    const target = event.target;
    const onDot = dotsRef.current?.contains(target) ?? false;
    const to = keyTarget(
      {
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        targetTag: target.tagName,
        targetRole: target.getAttribute('role'),
        targetEditable: target.isContentEditable,
        onDot,
      },
      current(),
      count,
    );
    if (to === null) return;
    event.preventDefault();
    go(to);
    // On the dots the focus follows the item, as it does along a row of tabs.
    if (onDot) dotsRef.current?.querySelectorAll('button')[to]?.focus();
  };

  if (count <= 1) {
    return (
      <section className={className} aria-label={t('label', { name: authorName })}>
        {slides}
      </section>
    );
  }

  const atStart = index === 0;
  const atEnd = index === count - 1;

  return (
    <section
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={t('label', { name: authorName })}
      onKeyDown={onKeyDown}
    >
      <div className={styles.viewport}>
        {/* The controls come before the slides, as the pattern asks; they are drawn over the media. */}
        <button
          type="button"
          className={`${styles.nav} ${styles.previous}`}
          aria-label={t('previous')}
          aria-controls={trackId}
          // aria-disabled, not disabled: the focus stays on the button at the end of the album.
          aria-disabled={atStart}
          onClick={() => {
            if (!atStart) go(current() - 1);
          }}
        >
          <Icon node={ChevronLeft} className={styles.navIcon} />
        </button>
        <button
          type="button"
          className={`${styles.nav} ${styles.next}`}
          aria-label={t('next')}
          aria-controls={trackId}
          aria-disabled={atEnd}
          onClick={() => {
            if (!atEnd) go(current() + 1);
          }}
        >
          <Icon node={ChevronRight} className={styles.navIcon} />
        </button>
        <div
          ref={trackRef}
          id={trackId}
          className={styles.track}
          // A scroller the keyboard must reach (axe's scrollable-region-focusable): a track of pictures holds
          // nothing else to focus, and the arrows move it once it has the focus.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
        >
          {slides.map((slide, at) => (
            // The pattern's slide: a group named by its place ("2 of 5"); a fieldset would make it a form's.
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              // The slides keep their order: a slide's place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={at}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { index: at + 1, total: count })}
            >
              {slide}
            </div>
          ))}
        </div>
        <span className={styles.counter} aria-hidden="true">
          {index + 1}/{count}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form's fieldset */}
      <div ref={dotsRef} className={styles.dots} role="group" aria-label={t('positions')}>
        {slides.map((_, at) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its item's place
            key={at}
            type="button"
            className={styles.dot}
            aria-label={t('goTo', { index: at + 1 })}
            aria-current={at === index ? 'true' : undefined}
            aria-controls={trackId}
            // One stop for the row: the current dot; the arrows move along it.
            tabIndex={at === index ? 0 : -1}
            onClick={() => go(at)}
          />
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {moved ? t('slide', { index: index + 1, total: count }) : ''}
      </p>
    </section>
  );
}
