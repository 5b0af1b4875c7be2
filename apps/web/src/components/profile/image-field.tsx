'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type ChangeEvent, useId, useState } from 'react';
import {
  type MyImageKind,
  sendMyImage,
  useAppDispatch,
  useRemoveMyCoverPictureMutation,
  useRemoveMyProfilePictureMutation,
} from '@/client';
import { Avatar, COVER_PLACEHOLDER } from '@/components/people/avatar';
import { acceptFor } from '../composer/composer-rules';
import { useErrorText } from '../error-message';
import { notifyError, notifySuccess } from '../toast';
import styles from './profile-editor.module.css';
import { pictureProblem, pictureRefusal } from './profile-rules';

const MiB = 1024 * 1024;

/** Each kind's words (keys of Profile.editor). */
const words = {
  picture: {
    legend: 'pictureLegend',
    choose: 'choosePicture',
    hint: 'pictureHint',
    saved: 'pictureSaved',
    remove: 'removePicture',
    removed: 'pictureRemoved',
  },
  cover: {
    legend: 'coverLegend',
    choose: 'chooseCover',
    hint: 'coverHint',
    saved: 'coverSaved',
    remove: 'removeCover',
    removed: 'coverRemoved',
  },
} as const;

/**
 * My profile picture or cover: a new one is sent as soon as it is chosen (with its progress), or it is removed;
 * either shows at once on my profile (and the picture in the header). The name and bio beside it wait for Save.
 */
export function ImageField({ kind, uri, name }: { kind: MyImageKind; uri: string | null; name: string }) {
  const t = useTranslations('Profile');
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number | null>(null);
  const [removePicture, pictureRemoval] = useRemoveMyProfilePictureMutation();
  const [removeCover, coverRemoval] = useRemoveMyCoverPictureMutation();
  const removal = kind === 'picture' ? pictureRemoval : coverRemoval;
  const ids = { input: useId(), hint: useId() };
  const busy = progress !== null || removal.isLoading;
  const max = { max: mediaLimits.imageMaxBytes / MiB };
  const say = words[kind];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file chosen again is a new choice
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      notifyError(t(`editor.${problem}`, max));
      return;
    }
    setProgress(0);
    const result = await dispatch(
      sendMyImage(kind, file, (loaded) => setProgress(Math.min(1, loaded / file.size)), new AbortController().signal),
    );
    setProgress(null);
    if (result.error) {
      const refusal = pictureRefusal(result.error);
      notifyError(refusal ? t(`editor.${refusal}`, max) : errorText(result.error));
      return;
    }
    notifySuccess(t(`editor.${say.saved}`));
  };

  const remove = async () => {
    const outcome = await (kind === 'picture' ? removePicture(undefined) : removeCover(undefined));
    if (outcome.error) notifyError(errorText(outcome.error));
    else notifySuccess(t(`editor.${say.removed}`));
  };

  return (
    <fieldset className={kind === 'cover' ? styles.coverField : styles.picture} aria-busy={busy}>
      <legend>{t(`editor.${say.legend}`)}</legend>
      {kind === 'picture' ? (
        <Avatar uri={uri} alt={t('pictureAlt', { name })} size={72} />
      ) : (
        // biome-ignore lint/performance/noImgElement: covers come from our own media route at their stored size
        <img className={styles.coverPreview} src={uri ?? COVER_PLACEHOLDER} alt="" width={144} height={48} />
      )}
      <div className={styles.pictureControls}>
        <label htmlFor={ids.input}>{t(`editor.${say.choose}`)}</label>
        <input
          id={ids.input}
          type="file"
          accept={acceptFor('picture')}
          disabled={busy}
          aria-describedby={ids.hint}
          onChange={choose}
        />
        <p id={ids.hint} className={styles.hint}>
          {t(`editor.${say.hint}`, max)}
        </p>
        <p role="status" className={styles.hint}>
          {progress !== null ? t('editor.pictureUploading', { progress }) : ''}
        </p>
        {uri ? (
          <button type="button" className={styles.button} onClick={remove} disabled={busy}>
            {t(`editor.${say.remove}`)}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
