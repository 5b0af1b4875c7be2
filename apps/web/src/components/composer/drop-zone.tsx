'use client';

import { type IconNode, ImageUp } from 'lucide';
import { type DragEvent, type ReactNode, useState } from 'react';
import { Icon } from '@/components/icon';
import styles from './drop-zone.module.css';

interface DropZoneProps {
  /** The file input's id; `labelId` names it (the field's label), `describedBy` its hint and problem. */
  id: string;
  labelId: string;
  describedBy: string;
  accept: string;
  prompt: string;
  choose: string;
  disabled: boolean;
  invalid: boolean;
  onFile(file: File): void;
  /** Several files may be chosen or dropped at once (an album, ADR 086): they all go to `onFiles`. */
  onFiles?(files: File[]): void;
  /** The chosen file's preview, shown in the zone in place of its icon. */
  preview?: ReactNode;
  /** A slim zone in one line (adding to an album), with its own icon. */
  compact?: boolean;
  icon?: IconNode;
}

/**
 * Where a file is chosen (ADR 064): dropped onto the zone, or picked by a tap or click anywhere on it. The real
 * `<input type=file>` stays in the page, first in the tab order, named by the field's label, so keyboards and
 * screen readers use it as ever; it is drawn as the zone's secondary button (its focus ring shows there).
 */
export function DropZone({
  id,
  labelId,
  describedBy,
  accept,
  prompt,
  choose,
  disabled,
  invalid,
  onFile,
  onFiles,
  preview,
  compact,
  icon = ImageUp,
}: DropZoneProps) {
  const [over, setOver] = useState(false);
  const chosen = (files: File[]) => {
    if (onFiles) {
      if (files.length > 0) onFiles(files);
    } else if (files[0]) onFile(files[0]);
  };
  const take = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) chosen([...event.dataTransfer.files]);
  };
  return (
    <div className={styles.wrap}>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={Boolean(onFiles) || undefined}
        className={styles.input}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = ''; // the same file chosen again is a new choice
          chosen(files);
        }}
      />
      {/* A second label of the input: the whole zone is its click target. The input's name comes from labelId. */}
      <label
        htmlFor={id}
        className={styles.zone}
        data-over={over || undefined}
        data-invalid={invalid || undefined}
        data-disabled={disabled || undefined}
        data-compact={compact || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={take}
      >
        {preview ?? <Icon node={icon} className={styles.icon} size={compact ? 24 : 32} strokeWidth={1.5} />}
        <span className={styles.prompt}>{prompt}</span>
        <span className={styles.choose}>{choose}</span>
      </label>
    </div>
  );
}
