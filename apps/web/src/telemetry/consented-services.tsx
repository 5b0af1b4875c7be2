'use client';

import { useEffect } from 'react';
import { prepareSession, useAppDispatch } from '@/client';
import { CONSENT_CHANGED_EVENT, type Consent, NO_CONSENT, readConsent } from '@/consent/consent';
import type { ConsentedService, ServiceDeps } from './consented-service';
import { usePageViews } from './page-views';

export type { ConsentedService } from './consented-service';

/**
 * Each service's code is a dynamic import, so a person who never consents never downloads it. The import only
 * happens once consent is given; a service withdrawn before its code arrived is never started.
 */
const services: Partial<Record<keyof Consent, () => Promise<ConsentedService>>> = {
  analytics: () => import('./analytics/analytics-service').then((module) => module.analyticsService),
};

/** Starts and stops the consented services as the visitor's answer changes; renders nothing. */
export function ConsentedServices() {
  const dispatch = useAppDispatch();
  usePageViews();
  useEffect(() => {
    const deps: ServiceDeps = { prepareSession: (renew) => dispatch(prepareSession(renew)) };
    let current: Consent = NO_CONSENT;
    const apply = (next: Consent) => {
      const previous = current;
      current = next;
      for (const [name, load] of Object.entries(services) as [keyof Consent, () => Promise<ConsentedService>][]) {
        if (next[name] && !previous[name]) {
          void load().then((service) => {
            if (current[name]) service.start(deps);
          });
        } else if (!next[name] && previous[name]) {
          void load().then((service) => service.stop());
        }
      }
    };
    apply(readConsent(document.cookie) ?? NO_CONSENT);
    const onChange = (event: Event) => apply((event as CustomEvent<Consent>).detail);
    window.addEventListener(CONSENT_CHANGED_EVENT, onChange);
    return () => {
      window.removeEventListener(CONSENT_CHANGED_EVENT, onChange);
      apply(NO_CONSENT);
    };
  }, [dispatch]);
  return null;
}
