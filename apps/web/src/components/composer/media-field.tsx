'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import styles from './composer.module.css';
import { acceptFor } from './composer-rules';

const MiB = 1024 * 1024;

/** A local preview of the chosen file; its object URL is released when the file changes or the form goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

export const isVideoFile = (file: File | null): boolean => Boolean(file?.type.startsWith('video/'));

interface MediaFieldProps {
  file: File | null;
  cover: File | null;
  onFile(file: File | null): void;
  onCover(file: File | null): void;
  disabled: boolean;
  problemId?: string;
  coverProblemId?: string;
}

/** The picture or video to post, with its preview; a video may also get a cover picture. */
export function MediaField({ file, cover, onFile, onCover, disabled, problemId, coverProblemId }: MediaFieldProps) {
  const t = useTranslations('Compose');
  const ids = { file: useId(), hint: useId(), cover: useId(), coverHint: useId() };
  const preview = usePreviewUrl(file);
  const video = isVideoFile(file);
  return (
    <div className={styles.field}>
      <label htmlFor={ids.file} className={styles.label}>
        {t('fileLabel')}
      </label>
      <input
        id={ids.file}
        type="file"
        accept={acceptFor('pictureOrVideo')}
        className={styles.fileInput}
        disabled={disabled}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={[ids.hint, problemId].filter(Boolean).join(' ')}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
      <p id={ids.hint} className={styles.hint}>
        {t('fileHint', {
          imageMax: mediaLimits.imageMaxBytes / MiB,
          videoMax: mediaLimits.videoMaxBytes / MiB,
          videoSeconds: mediaLimits.videoMaxSeconds,
        })}
      </p>
      {preview && video ? (
        <video className={styles.preview} src={preview} controls muted playsInline aria-label={t('previewVideo')} />
      ) : null}
      {preview && !video ? (
        // biome-ignore lint/performance/noImgElement: a local object URL of the person's own file
        <img className={styles.preview} src={preview} alt={t('previewImage')} />
      ) : null}
      {video ? (
        <>
          <label htmlFor={ids.cover} className={styles.label}>
            {t('coverLabel')}
          </label>
          <input
            id={ids.cover}
            type="file"
            accept={acceptFor('picture')}
            className={styles.fileInput}
            disabled={disabled}
            aria-invalid={coverProblemId ? true : undefined}
            aria-describedby={[ids.coverHint, coverProblemId].filter(Boolean).join(' ')}
            onChange={(event) => onCover(event.target.files?.[0] ?? null)}
          />
          <p id={ids.coverHint} className={styles.hint}>
            {t('coverHint')}
            {cover ? ` (${cover.name})` : ''}
          </p>
        </>
      ) : null}
    </div>
  );
}
