'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { postPublished, useAppDispatch, useGetPostStatusQuery } from '@/client';
import { STATUS_POLLING_DELAY_MS } from '@/client/constants';
import type { Messages } from '@/i18n/namespaces';
import styles from './composer.module.css';
import type { Phase } from './use-publish';

/** "3.2 MB": in the same megabytes (1024 × 1024 bytes) as the limits the composer states. */
const formatBytes = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));

type FailureKey = `failure.${keyof Messages['Compose']['failure']}`;

/** The message for a failure code the app knows; a code it does not know reads as the generic failure. */
const failureKey = (failure: string, known: (key: string) => boolean): FailureKey =>
  known(`failure.${failure}`) ? (`failure.${failure}` as FailureKey) : 'failure.generic';

/**
 * Polls a post's processing until it is ready (then opens it) or failed (then says why). RTK Query waits the
 * delay after each answer, so reads never overlap however slow the server is.
 */
function ProcessingStatus({ postId, onFailed }: { postId: string; onFailed(failure: string, detail?: string): void }) {
  const t = useTranslations('Compose');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { data } = useGetPostStatusQuery({ params: { id: postId } }, { pollingInterval: STATUS_POLLING_DELAY_MS });
  useEffect(() => {
    if (data?.status === 'ready') {
      dispatch(postPublished());
      router.push(`/p/${postId}`);
    } else if (data?.status === 'failed') {
      onFailed(data.failureCode ?? 'PROCESSING_FAILED', data.failureMessage ?? undefined);
    }
  }, [data, dispatch, router, postId, onFailed]);
  if (data?.status === 'ready') return <p>{t('phase.ready')}</p>;
  const percent = data?.percent ?? 0;
  return (
    <>
      <p>{t('phase.processing', { stage: t(`stage.${data?.stage ?? 'queued'}`), percent })}</p>
      <progress className={styles.progress} max={100} value={percent} aria-label={t('processingProgress')} />
    </>
  );
}

/** Where publishing stands, announced politely to screen readers as it changes. */
export function PublishStatus({
  phase,
  locale,
  onFailed,
}: {
  phase: Phase;
  locale: string;
  onFailed(failure: string, detail?: string): void;
}) {
  const t = useTranslations('Compose');
  const errors = useTranslations('Errors');
  return (
    <div className={styles.status} aria-live="polite">
      {phase.kind === 'creating' ? <p>{t('phase.creating')}</p> : null}
      {phase.kind === 'uploading' ? (
        <>
          <p>
            {t('phase.uploading', { sent: formatBytes(phase.sent, locale), total: formatBytes(phase.total, locale) })}
          </p>
          <progress className={styles.progress} max={phase.total} value={phase.sent} aria-label={t('uploadProgress')} />
        </>
      ) : null}
      {phase.kind === 'processing' ? <ProcessingStatus postId={phase.postId} onFailed={onFailed} /> : null}
      {phase.kind === 'cancelled' ? <p>{t('phase.cancelled')}</p> : null}
      {phase.kind === 'failed' ? (
        <div role="alert">
          {phase.item ? (
            // In an album, which item's upload failed: the rest of the message is about that file.
            <p className={styles.failure}>{t('failedItem', phase.item)}</p>
          ) : null}
          <p className={styles.failure}>
            {/* A mention across a block (ADR 069) is refused with the code every blocked call has: its words are Errors'. */}
            {phase.failure === 'BLOCKED'
              ? errors('blockedMention')
              : t(failureKey(phase.failure, (key) => t.has(key as FailureKey)))}
          </p>
          {phase.detail && locale === 'en' ? (
            // The server's own words, for the author who wants the exact reason (sizes, limits). They are English:
            // a page in another language shows the translated reason above alone, never a sentence in English.
            <p className={styles.failureDetail}>{phase.detail}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
