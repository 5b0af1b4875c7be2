'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type ChangeEvent, useId, useState } from 'react';
import { sendMyPicture, useAppDispatch, useRemoveMyProfilePictureMutation } from '@/client';
import { Avatar } from '@/components/people/avatar';
import { acceptFor } from '../composer/composer-rules';
import { useErrorText } from '../error-message';
import { notifyError, notifySuccess } from '../toast';
import styles from './profile-editor.module.css';
import { pictureProblem, pictureRefusal } from './profile-rules';

const MiB = 1024 * 1024;

/**
 * My profile picture: a new one is sent as soon as it is chosen (with its progress), or it is removed; either
 * shows at once on my profile and in the header. The name and bio beside it wait for Save.
 */
export function PictureField({ uri, name }: { uri: string | null; name: string }) {
  const t = useTranslations('Profile');
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number | null>(null);
  const [removePicture, removal] = useRemoveMyProfilePictureMutation();
  const ids = { input: useId(), hint: useId() };
  const busy = progress !== null || removal.isLoading;
  const max = { max: mediaLimits.imageMaxBytes / MiB };

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
      sendMyPicture(file, (loaded) => setProgress(Math.min(1, loaded / file.size)), new AbortController().signal),
    );
    setProgress(null);
    if (result.error) {
      const refusal = pictureRefusal(result.error);
      notifyError(refusal ? t(`editor.${refusal}`, max) : errorText(result.error));
      return;
    }
    notifySuccess(t('editor.pictureSaved'));
  };

  const remove = async () => {
    const outcome = await removePicture(undefined);
    if (outcome.error) notifyError(errorText(outcome.error));
    else notifySuccess(t('editor.pictureRemoved'));
  };

  return (
    <fieldset className={styles.picture} aria-busy={busy}>
      <legend>{t('editor.pictureLegend')}</legend>
      <Avatar uri={uri} alt={t('pictureAlt', { name })} size={72} />
      <div className={styles.pictureControls}>
        <label htmlFor={ids.input}>{t('editor.choosePicture')}</label>
        <input
          id={ids.input}
          type="file"
          accept={acceptFor('picture')}
          disabled={busy}
          aria-describedby={ids.hint}
          onChange={choose}
        />
        <p id={ids.hint} className={styles.hint}>
          {t('editor.pictureHint', max)}
        </p>
        <p role="status" className={styles.hint}>
          {progress !== null ? t('editor.pictureUploading', { progress }) : ''}
        </p>
        {uri ? (
          <button type="button" className={styles.button} onClick={remove} disabled={busy}>
            {t('editor.removePicture')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
