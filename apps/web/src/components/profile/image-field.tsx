'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import type { MyImageKind } from '@/client';
import { checkChosenFile, limitsInMiB } from '@/client/upload/check-file';
import { Avatar, COVER_PLACEHOLDER } from '@/components/people/avatar';
import { acceptFor } from '../composer/composer-rules';
import { DropZone } from '../composer/drop-zone';
import { usePreviewUrl } from '../composer/media-field';
import styles from './profile-editor.module.css';

/** What Save will do to a picture: keep it, replace it with a chosen file, or remove it. */
export type ImageChange = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };
export const KEEP: ImageChange = { kind: 'keep' };

/** Each kind's words (keys of Profile.editor). */
const words = {
  picture: {
    legend: 'pictureLegend',
    choose: 'choosePicture',
    drop: 'dropPicture',
    hint: 'pictureHint',
    chosen: 'pictureChosen',
    remove: 'removePicture',
    removing: 'pictureWillGo',
  },
  cover: {
    legend: 'coverLegend',
    choose: 'chooseCover',
    drop: 'dropCover',
    hint: 'coverHint',
    chosen: 'coverChosen',
    remove: 'removeCover',
    removing: 'coverWillGo',
  },
} as const;

/** The refusals of a chosen file, as Profile.editor messages (a picture only; a video is "not usable"). */
const refusalWords = {
  notMedia: 'pictureNotUsable',
  heic: 'pictureHeic',
  imageTooLarge: 'pictureTooLarge',
  videoTooLarge: 'pictureNotUsable',
} as const;

interface ImageFieldProps {
  kind: MyImageKind;
  /** The picture as saved now. */
  uri: string | null;
  name: string;
  change: ImageChange;
  onChange(change: ImageChange): void;
  disabled: boolean;
}

/**
 * My profile picture or cover in the editor: a new one dropped or chosen is checked by its first bytes and
 * previewed as it will show (the picture round, the cover at its 3:1, both cropped from the centre as the server
 * crops them), and removing one shows the placeholder. Nothing is sent until Save (ADR 064).
 */
export function ImageField({ kind, uri, name, change, onChange, disabled }: ImageFieldProps) {
  const t = useTranslations('Profile');
  const [refusal, setRefusal] = useState<keyof typeof refusalWords | null>(null);
  const latest = useRef(0);
  const ids = { input: useId(), legend: useId(), hint: useId(), problem: useId(), state: useId() };
  const chosen = usePreviewUrl(change.kind === 'new' ? change.file : null);
  const shown = change.kind === 'remove' ? null : (chosen ?? uri);
  const max = { max: limitsInMiB.image };
  const say = words[kind];

  const choose = async (file: File) => {
    latest.current += 1;
    const mine = latest.current;
    const checked = await checkChosenFile(file, 'picture');
    if (mine !== latest.current) return;
    setRefusal(checked.ok ? null : checked.refusal);
    if (checked.ok) onChange({ kind: 'new', file });
  };

  const preview =
    kind === 'picture' ? (
      <Avatar uri={shown} alt={t('pictureAlt', { name })} size={96} />
    ) : (
      // biome-ignore lint/performance/noImgElement: the saved cover from our media route, or a local object URL
      <img className={styles.coverPreview} src={shown ?? COVER_PLACEHOLDER} alt="" width={300} height={100} />
    );

  return (
    <fieldset className={styles.imageField} aria-describedby={ids.state}>
      <legend id={ids.legend}>{t(`editor.${say.legend}`)}</legend>
      <DropZone
        id={ids.input}
        labelId={ids.legend}
        describedBy={[ids.hint, refusal ? ids.problem : ''].filter(Boolean).join(' ')}
        accept={acceptFor('picture')}
        prompt={t(`editor.${say.drop}`)}
        choose={t(`editor.${say.choose}`)}
        disabled={disabled}
        invalid={refusal !== null}
        onFile={(file) => void choose(file)}
        preview={preview}
      />
      <p id={ids.hint} className={styles.hint}>
        {t(`editor.${say.hint}`, max)}
      </p>
      {refusal ? (
        <p id={ids.problem} role="alert" className={styles.error}>
          {t(`editor.${refusalWords[refusal]}`, max)}
        </p>
      ) : null}
      <p id={ids.state} role="status" className={styles.hint}>
        {change.kind === 'new'
          ? t(`editor.${say.chosen}`)
          : change.kind === 'remove'
            ? t(`editor.${say.removing}`)
            : ''}
      </p>
      {shown ? (
        <button
          type="button"
          className={styles.button}
          disabled={disabled}
          // A picture only chosen goes back to the saved one; a saved one is removed on Save.
          onClick={() => onChange(change.kind === 'new' && uri === null ? KEEP : { kind: 'remove' })}
        >
          {t(`editor.${say.remove}`)}
        </button>
      ) : null}
    </fieldset>
  );
}
