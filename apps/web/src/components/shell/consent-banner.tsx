'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  CONSENT_CHANGED_EVENT,
  type Consent,
  consentCookie,
  NO_CONSENT,
  OPEN_CONSENT_EVENT,
  readConsent,
} from '@/consent/consent';
import styles from './shell.module.css';

const SERVICES = ['errorReporting', 'analytics'] as const satisfies readonly (keyof Consent)[];

/**
 * The cookie-consent banner (docs/product.md §1): on a first visit, and again whenever the footer's "Privacy settings"
 * asks. Accepting and rejecting everything are side by side with the same weight, and each service can be
 * chosen alone ("Choose services", quiet); nothing is ticked beforehand, so withdrawing is as easy as giving. It
 * never blocks reading: it sits at the foot of the page, at most a quarter of a phone's screen (ADR 063). The
 * answer is kept for a year (consent.ts).
 */
export function ConsentBanner({ initiallyOpen }: { initiallyOpen: boolean }) {
  const t = useTranslations('Shell.consent');
  const [open, setOpen] = useState(initiallyOpen);
  const [choice, setChoice] = useState<Consent>(NO_CONSENT);
  const [saved, setSaved] = useState(false);
  // The services are one click away, so the banner stays small enough never to cover the page's own buttons.
  const [choosing, setChoosing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the keyboard was when the banner was opened on purpose ("Privacy settings"): it goes back there.
  const openedFrom = useRef<HTMLElement | null>(null);
  const returnFocus = useRef(false);
  const ids = { heading: useId(), services: useId(), errorReporting: useId(), analytics: useId() };

  useEffect(() => {
    const reopen = () => {
      openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setChoice(readConsent(document.cookie) ?? NO_CONSENT);
      setSaved(false);
      setChoosing(true);
      setOpen(true);
      // Opened on purpose: the person is taken to it, and Tab moves on to its choices.
      requestAnimationFrame(() => heading.current?.focus());
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  const answer = (consent: Consent) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
    document.cookie = consentCookie(consent, window.location.protocol === 'https:');
    window.dispatchEvent(new CustomEvent<Consent>(CONSENT_CHANGED_EVENT, { detail: consent }));
    // Focus was on the banner, which is going: it moves on in the commit that removes the banner (below).
    returnFocus.current = heading.current?.closest('section')?.contains(document.activeElement) === true;
    setOpen(false);
    setSaved(true);
  };

  // Back to where the banner was opened from, else to the page's content, rather than to the top of the
  // document; in the same commit that removes the banner, so nothing the person does next comes before it.
  useLayoutEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    const target = openedFrom.current?.isConnected ? openedFrom.current : document.getElementById('main');
    openedFrom.current = null;
    target?.focus();
  }, [open]);

  if (!open) {
    return (
      <p className="visually-hidden" role="status">
        {saved ? t('saved') : ''}
      </p>
    );
  }
  return (
    <section className={styles.consent} aria-labelledby={ids.heading}>
      <div className={styles.consentTop}>
        <h2 id={ids.heading} ref={heading} tabIndex={-1} className={styles.consentHeading} data-consent-heading="">
          {t('heading')}
        </h2>
        {/* The quiet way in to each service alone: the equal choice is the pair of buttons below. */}
        {choosing ? null : (
          <button
            type="button"
            className={styles.quiet}
            aria-expanded={false}
            aria-controls={ids.services}
            onClick={() => {
              setChoosing(true);
              requestAnimationFrame(() => document.getElementById(ids.errorReporting)?.focus());
            }}
          >
            {t('choose')}
          </button>
        )}
      </div>
      <p>{t('explanation')}</p>
      <fieldset id={ids.services} className={styles.consentServices} hidden={!choosing}>
        <legend>{t('servicesLegend')}</legend>
        {SERVICES.map((service) => (
          <div key={service} className={styles.consentService}>
            <input
              id={ids[service]}
              type="checkbox"
              checked={choice[service]}
              onChange={(event) => setChoice({ ...choice, [service]: event.target.checked })}
              aria-describedby={`${ids[service]}-description`}
            />
            <label htmlFor={ids[service]}>{t(service)}</label>
            <p id={`${ids[service]}-description`} className={styles.consentDescription}>
              {t(`${service}Description`)}
            </p>
          </div>
        ))}
        <button type="button" className={styles.secondary} onClick={() => answer(choice)}>
          {t('save')}
        </button>
      </fieldset>
      <div className={styles.consentActions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => answer({ errorReporting: true, analytics: true })}
        >
          {t('acceptAll')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => answer(NO_CONSENT)}>
          {t('rejectAll')}
        </button>
      </div>
    </section>
  );
}

/** The footer's way back to the banner, on every page: to change or withdraw consent. */
export function ConsentSettingsButton() {
  const t = useTranslations('Shell.consent');
  return (
    <button type="button" className="link-button" onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}>
      {t('settings')}
    </button>
  );
}
