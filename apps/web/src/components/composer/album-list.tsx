'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { ChevronLeft, ChevronRight, Film, X } from 'lucide';
import { useTranslations } from 'next-intl';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '@/components/icon';
import type { ComposedItem } from './album-items';
import styles from './album-list.module.css';
import { usePreviewUrl } from './use-preview-url';

interface AlbumListProps {
  items: ComposedItem[];
  labelId: string;
  disabled: boolean;
  onRemove(id: number): void;
  onMove(id: number, by: -1 | 1): void;
  onMoveTo(id: number, to: number): void;
}

interface AltFieldsProps {
  items: ComposedItem[];
  disabled: boolean;
  onAltText(id: number, altText: string): void;
  /** Items whose alt text is over the limit (said by their field after a refused submit). */
  altProblems: ReadonlySet<number>;
}

/** A square thumbnail: the picture, or a video's cover or first frame, from a local object URL. */
function Thumbnail({ item, name }: { item: ComposedItem; name: string }) {
  const url = usePreviewUrl(item.mediaType === 'video' && item.cover ? item.cover : item.file);
  if (!url) return <span className={styles.thumb} />;
  return item.mediaType === 'video' && !item.cover ? (
    // `#t=0.1`: the browser draws that frame rather than a blank box; nothing plays.
    <video className={styles.thumb} src={`${url}#t=0.1`} muted playsInline preload="metadata" aria-label={name} />
  ) : (
    // biome-ignore lint/performance/noImgElement: a local object URL of the person's own file
    <img className={styles.thumb} src={url} alt={name} />
  );
}

/**
 * An album's items as the composer holds them (ADR 086): a list of square thumbnails in their order, the first
 * marked as the cover, each with its buttons to move it earlier or later (or drag it) and to remove it. A move or removal is announced, and the focus stays with the moved item's
 * button (or goes to the next item's after a removal). The pictures' descriptions are AlbumAltFields.
 */
export function AlbumList({ items, labelId, disabled, onRemove, onMove, onMoveTo }: AlbumListProps) {
  const t = useTranslations('Compose');
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const kindOf = (item: ComposedItem) => item.mediaType;
  const label = (key: 'remove' | 'earlier' | 'later' | 'item', item: ComposedItem, index: number) =>
    t(`album.${key}`, { kind: kindOf(item), number: index + 1 });

  // After a removal the focus goes to the item now in its place (or the last), so the keyboard stays in the list.
  useEffect(() => {
    if (focusIndex === null) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    const target = buttons?.[Math.min(focusIndex, (buttons?.length ?? 1) - 1)];
    target?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  const move = (item: ComposedItem, index: number, by: -1 | 1) => {
    const to = index + by;
    if (disabled || to < 0 || to >= items.length) return;
    onMove(item.id, by);
    setAnnouncement(t('album.moved', { kind: kindOf(item), number: to + 1, count: items.length }));
  };
  const remove = (item: ComposedItem, index: number) => {
    if (disabled) return;
    onRemove(item.id);
    setAnnouncement(t('album.removed', { kind: kindOf(item), count: items.length - 1 }));
    setFocusIndex(index);
  };
  const drop = (event: DragEvent, index: number) => {
    if (dragged === null) return;
    event.preventDefault();
    onMoveTo(dragged, index);
    setDragged(null);
  };

  return (
    <>
      <ol ref={list} className={styles.list} aria-labelledby={labelId}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={styles.item}
            draggable={!disabled}
            data-dragged={dragged === item.id || undefined}
            onDragStart={(event) => {
              setDragged(item.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => drop(event, index)}
          >
            <div className={styles.frame}>
              <Thumbnail item={item} name={`${label('item', item, index)}, ${item.file.name}`} />
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              {index === 0 ? <span className={styles.cover}>{t('album.cover')}</span> : null}
              {item.mediaType === 'video' ? (
                <span className={styles.videoMark} aria-hidden="true">
                  <Icon node={Film} size={16} />
                </span>
              ) : null}
            </div>
            <div className={styles.tools}>
              <button
                type="button"
                className={styles.tool}
                aria-label={label('earlier', item, index)}
                aria-disabled={disabled || index === 0 || undefined}
                onClick={() => move(item, index, -1)}
              >
                <Icon node={ChevronLeft} size={20} />
              </button>
              <button
                type="button"
                className={styles.tool}
                aria-label={label('later', item, index)}
                aria-disabled={disabled || index === items.length - 1 || undefined}
                onClick={() => move(item, index, 1)}
              >
                <Icon node={ChevronRight} size={20} />
              </button>
              <button
                type="button"
                data-remove=""
                className={styles.removeTool}
                aria-label={label('remove', item, index)}
                aria-disabled={disabled || undefined}
                onClick={() => remove(item, index)}
              >
                <Icon node={X} size={20} />
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p className={styles.note}>{t('album.coverNote')}</p>
      <p className={styles.announcer} aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/** A description field for each picture of an album, named by its place ("Picture 2"). */
export function AlbumAltFields({ items, disabled, onAltText, altProblems }: AltFieldsProps) {
  const t = useTranslations('Compose');
  const ids = { alt: useId(), altHint: useId() };
  return (
    <>
      {items.some((item) => item.mediaType === 'image') ? (
        <fieldset className={styles.altFields} disabled={disabled} aria-describedby={ids.altHint}>
          <legend className={styles.legend}>{t('album.altLegend')}</legend>
          <p id={ids.altHint} className={styles.hint}>
            {t('altHint', { max: mediaLimits.altTextMaxLength })}
          </p>
          {items.map((item, index) =>
            item.mediaType === 'image' ? (
              <div key={item.id} className={styles.altField}>
                <label htmlFor={`${ids.alt}-${item.id}`} className={styles.altLabel}>
                  {t('album.altLabel', { number: index + 1 })}
                </label>
                <textarea
                  id={`${ids.alt}-${item.id}`}
                  className={styles.textarea}
                  rows={2}
                  value={item.altText}
                  onChange={(event) => onAltText(item.id, event.target.value)}
                  aria-invalid={altProblems.has(item.id) || undefined}
                  aria-describedby={altProblems.has(item.id) ? `${ids.alt}-${item.id}-problem` : undefined}
                />
                {altProblems.has(item.id) ? (
                  <p id={`${ids.alt}-${item.id}-problem`} className={styles.problem}>
                    {t('problems.altTooLong', { max: mediaLimits.altTextMaxLength })}
                  </p>
                ) : null}
              </div>
            ) : null,
          )}
        </fieldset>
      ) : null}
    </>
  );
}
