'use client';

import { useEffect } from 'react';
import { loadStore } from '@/client/lazy-store';
import { CONSENT_CHANGED_EVENT, type Consent, NO_CONSENT, readConsent } from '@/consent/consent';
import type { ConsentedService, ErrorReportingSettings, ServiceDeps } from './consented-service';
import { usePageViews } from './page-views';

export type { ConsentedService } from './consented-service';

/**
 * Each service's code is a dynamic import, so a person who never consents never downloads it. The import only
 * happens once consent is given; a service withdrawn before its code arrived is never started.
 */
const services: Partial<Record<keyof Consent, () => Promise<ConsentedService>>> = {
  analytics: () => import('./analytics/analytics-service').then((module) => module.analyticsService),
  errorReporting: () =>
    import('./error-reporting/error-reporting-service').then((module) => module.errorReportingService),
};

export interface ConsentedServicesProps {
  /** Where errors are reported; null where this environment reports none (its code is then never loaded). */
  errorReporting: ErrorReportingSettings | null;
}

/** Starts and stops the consented services as the visitor's answer changes; renders nothing. */
export function ConsentedServices({ errorReporting }: ConsentedServicesProps) {
  usePageViews();
  // Strings, not the object: a re-rendered layout hands over an equal new object, which must not restart services.
  const dsn = errorReporting?.dsn;
  const environment = errorReporting?.environment;
  useEffect(() => {
    const reporting = dsn && environment ? { dsn, environment } : null;
    const deps: ServiceDeps = {
      // The store (which keeps the session) loads only when a consented service first needs it.
      prepareSession: (renew) => loadStore().then((store) => store.prepareTabSession(renew)),
      errorReporting: reporting,
    };
    let current: Consent = NO_CONSENT;
    const apply = (answer: Consent) => {
      const previous = current;
      // Consent to a service this environment does not run counts as none: its code is not even loaded.
      const next = reporting ? answer : { ...answer, errorReporting: false };
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
  }, [dsn, environment]);
  return null;
}
