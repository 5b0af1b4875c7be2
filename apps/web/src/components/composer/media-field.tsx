'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { Plus } from 'lucide';
import { useTranslations } from 'next-intl';
import { type ReactNode, useId } from 'react';
import { limitsInMiB } from '@/client/upload/check-file';
import type { ComposedItem } from './album-items';
import { AlbumAltFields, AlbumList } from './album-list';
import styles from './composer.module.css';
import { acceptFor } from './composer-rules';
import { DropZone } from './drop-zone';
import { usePreviewUrl } from './use-preview-url';

export { usePreviewUrl } from './use-preview-url';

interface MediaFieldProps {
  /** The chosen files once their first bytes were found usable (checkChosenFile), in order: one, or an album. */
  items: ComposedItem[];
  /** Files chosen in the main zone (they replace what was chosen) or with "Add more" (appended). */
  onFiles(files: File[], how: 'replace' | 'add'): void;
  onCover(file: File): void;
  onRemove(id: number): void;
  onMove(id: number, by: -1 | 1): void;
  onMoveTo(id: number, to: number): void;
  onAltText(id: number, altText: string): void;
  altProblems: ReadonlySet<number>;
  disabled: boolean;
  problemId?: string;
  coverProblemId?: string;
  /** Files that were not added (refused, or past the limit), said by the field: `notes`, whose id is `notesId`. */
  notesId?: string;
  notes?: ReactNode;
}

/**
 * The picture or video to post, dropped or chosen, previewed at the aspect the post will show it at (its own,
 * full width, as post-media.tsx draws it); a video may also get a cover picture. Several files make an album
 * (ADR 086): they show as thumbnails to order, remove and describe, and more are added below them.
 */
export function MediaField({
  items,
  onFiles,
  onCover,
  onRemove,
  onMove,
  onMoveTo,
  onAltText,
  altProblems,
  disabled,
  problemId,
  coverProblemId,
  notesId,
  notes,
}: MediaFieldProps) {
  const t = useTranslations('Compose');
  const ids = {
    file: useId(),
    label: useId(),
    hint: useId(),
    cover: useId(),
    coverLabel: useId(),
    coverHint: useId(),
    more: useId(),
    moreLabel: useId(),
  };
  const single = items.length === 1 ? (items[0] as ComposedItem) : null;
  const album = items.length > 1;
  const preview = usePreviewUrl(single?.file ?? null);
  const coverPreview = usePreviewUrl(single?.cover ?? null);
  const video = single?.mediaType === 'video';
  const describedBy = (...more: (string | undefined)[]) => [ids.hint, ...more].filter(Boolean).join(' ');
  const hint = (
    <p id={ids.hint} className={styles.hint}>
      {t('fileHint', {
        imageMax: limitsInMiB.image,
        videoMax: limitsInMiB.video,
        videoSeconds: mediaLimits.videoMaxSeconds,
      })}
    </p>
  );
  // Adding to what is chosen: one slim zone, under the preview or the album's thumbnails.
  const addMore = (
    <>
      <span id={ids.moreLabel} className={styles.visuallyHidden}>
        {t('addMoreLabel')}
      </span>
      <DropZone
        id={ids.more}
        labelId={ids.moreLabel}
        describedBy={describedBy(notesId)}
        accept={acceptFor('pictureOrVideo')}
        prompt={t('addMorePrompt', { count: items.length, max: mediaLimits.albumMaxItems })}
        choose={t('addMore')}
        disabled={disabled}
        invalid={false}
        onFile={(file) => onFiles([file], 'add')}
        onFiles={(files) => onFiles(files, 'add')}
        compact
        icon={Plus}
      />
    </>
  );

  if (album) {
    return (
      <div className={styles.field}>
        <span id={ids.label} className={styles.label}>
          {t('albumLabel', { count: items.length, max: mediaLimits.albumMaxItems })}
        </span>
        <AlbumList
          items={items}
          labelId={ids.label}
          disabled={disabled}
          onRemove={onRemove}
          onMove={onMove}
          onMoveTo={onMoveTo}
        />
        {addMore}
        {hint}
        {notes}
        <AlbumAltFields items={items} disabled={disabled} onAltText={onAltText} altProblems={altProblems} />
      </div>
    );
  }

  return (
    <div className={styles.field}>
      <label id={ids.label} htmlFor={ids.file} className={styles.label}>
        {t('fileLabel')}
      </label>
      <DropZone
        id={ids.file}
        labelId={ids.label}
        describedBy={describedBy(problemId, notesId)}
        accept={acceptFor('pictureOrVideo')}
        prompt={single ? single.file.name : t('dropPrompt')}
        choose={t(single ? 'chooseAnother' : 'chooseFile')}
        disabled={disabled}
        invalid={Boolean(problemId)}
        onFile={(file) => onFiles([file], 'replace')}
        onFiles={(files) => onFiles(files, 'replace')}
        preview={
          preview && video ? (
            <video className={styles.preview} src={preview} controls muted playsInline aria-label={t('previewVideo')} />
          ) : preview ? (
            // biome-ignore lint/performance/noImgElement: a local object URL of the person's own file
            <img className={styles.preview} src={preview} alt={t('previewImage')} />
          ) : undefined
        }
      />
      {single ? addMore : null}
      {hint}
      {notes}
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
            prompt={single?.cover ? single.cover.name : t('dropCoverPrompt')}
            choose={t(single?.cover ? 'chooseAnother' : 'chooseFile')}
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
