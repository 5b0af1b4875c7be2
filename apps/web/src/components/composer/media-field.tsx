'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { limitsInMiB } from '@/client/upload/check-file';
import styles from './composer.module.css';
import { acceptFor } from './composer-rules';
import { DropZone } from './drop-zone';

/** A local preview of a chosen file; its object URL is released when the file changes or the form goes. */
export function usePreviewUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

interface MediaFieldProps {
  /** The chosen file once its first bytes were found usable (checkChosenFile), and what it is. */
  file: File | null;
  mediaType: 'image' | 'video' | null;
  cover: File | null;
  onFile(file: File): void;
  onCover(file: File): void;
  disabled: boolean;
  problemId?: string;
  coverProblemId?: string;
}

/**
 * The picture or video to post, dropped or chosen, previewed at the aspect the post will show it at (its own,
 * full width, as post-media.tsx draws it); a video may also get a cover picture.
 */
export function MediaField({
  file,
  mediaType,
  cover,
  onFile,
  onCover,
  disabled,
  problemId,
  coverProblemId,
}: MediaFieldProps) {
  const t = useTranslations('Compose');
  const ids = { file: useId(), label: useId(), hint: useId(), cover: useId(), coverLabel: useId(), coverHint: useId() };
  const preview = usePreviewUrl(file);
  const coverPreview = usePreviewUrl(cover);
  const video = mediaType === 'video';
  return (
    <div className={styles.field}>
      <label id={ids.label} htmlFor={ids.file} className={styles.label}>
        {t('fileLabel')}
      </label>
      <DropZone
        id={ids.file}
        labelId={ids.label}
        describedBy={[ids.hint, problemId].filter(Boolean).join(' ')}
        accept={acceptFor('pictureOrVideo')}
        prompt={file ? file.name : t('dropPrompt')}
        choose={t(file ? 'chooseAnother' : 'chooseFile')}
        disabled={disabled}
        invalid={Boolean(problemId)}
        onFile={onFile}
        preview={
          preview && video ? (
            <video className={styles.preview} src={preview} controls muted playsInline aria-label={t('previewVideo')} />
          ) : preview ? (
            // biome-ignore lint/performance/noImgElement: a local object URL of the person's own file
            <img className={styles.preview} src={preview} alt={t('previewImage')} />
          ) : undefined
        }
      />
      <p id={ids.hint} className={styles.hint}>
        {t('fileHint', {
          imageMax: limitsInMiB.image,
          videoMax: limitsInMiB.video,
          videoSeconds: mediaLimits.videoMaxSeconds,
        })}
      </p>
      {video ? (
        <>
          <label id={ids.coverLabel} htmlFor={ids.cover} className={styles.label}>
            {t('coverLabel')}
          </label>
          <DropZone
            id={ids.cover}
            labelId={ids.coverLabel}
            describedBy={[ids.coverHint, coverProblemId].filter(Boolean).join(' ')}
            accept={acceptFor('picture')}
            prompt={cover ? cover.name : t('dropCoverPrompt')}
            choose={t(cover ? 'chooseAnother' : 'chooseFile')}
            disabled={disabled}
            invalid={Boolean(coverProblemId)}
            onFile={onCover}
            preview={
              coverPreview ? (
                // biome-ignore lint/performance/noImgElement: a local object URL of the person's own file
                <img className={styles.coverPreview} src={coverPreview} alt={t('previewCover')} />
              ) : undefined
            }
          />
          <p id={ids.coverHint} className={styles.hint}>
            {t('coverHint')}
          </p>
        </>
      ) : null}
    </div>
  );
}
