'use client';

import type { MyProfileView } from '@civitas/contract';
import { inputLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import {
  type MyImageKind,
  sendMyImage,
  useAppDispatch,
  useRemoveMyCoverPictureMutation,
  useRemoveMyProfilePictureMutation,
  useUpdateMyProfileMutation,
} from '@/client';
import { limitsInMiB } from '@/client/upload/check-file';
import { useErrorText } from '../error-message';
import { notifyError, notifySuccess } from '../toast';
import { type ImageChange, ImageField, KEEP } from './image-field';
import styles from './profile-editor.module.css';
import {
  bioProblem,
  countedLength,
  displayNameProblem,
  type ProfileFieldProblem,
  pictureRefusal,
} from './profile-rules';

/**
 * My picture, cover, name and bio, edited in place on my profile. Nothing is sent until Save (ADR 064): Cancel
 * leaves no trace. Save sends a new picture and cover (or removes them), then the name and bio, checked by the
 * server's own rules as I type (after a first try to save), so a refusal names the field. Should a step fail,
 * one toast says why and the form stays open as it was; the steps already done are not sent again.
 */
export function ProfileEditor({ profile, onDone }: { profile: MyProfileView; onDone: () => void }) {
  const t = useTranslations('Profile');
  const errorText = useErrorText();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [tried, setTried] = useState(false);
  const [images, setImages] = useState<Record<MyImageKind, ImageChange>>({ picture: KEEP, cover: KEEP });
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const dispatch = useAppDispatch();
  const [save] = useUpdateMyProfileMutation();
  const [removePicture] = useRemoveMyProfilePictureMutation();
  const [removeCover] = useRemoveMyCoverPictureMutation();
  const ids = { name: useId(), nameError: useId(), bio: useId(), bioHint: useId(), bioError: useId() };
  const nameProblem = tried ? displayNameProblem(displayName) : null;
  const bioFieldProblem = tried ? bioProblem(bio) : null;
  const say = (problem: ProfileFieldProblem) => t(`editor.${problem.key}`, problem.values);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setTried(true);
    if (displayNameProblem(displayName) || bioProblem(bio)) {
      // The first field with a problem is where the person goes next (marked once this render is painted).
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    const saved = await saveAll();
    setSaving(false);
    setProgress(null);
    if (!saved) return;
    notifySuccess(t('editor.saved'));
    onDone();
  };

  /** The pictures' changes, then the name and bio; false (and one toast) at the first step that fails. */
  const saveAll = async (): Promise<boolean> => {
    for (const kind of ['picture', 'cover'] as const) {
      const change = images[kind];
      if (change.kind === 'keep') continue;
      if (change.kind === 'new') {
        const { file } = change;
        setProgress(0);
        const sent = await dispatch(
          sendMyImage(
            kind,
            file,
            (loaded) => setProgress(Math.min(1, loaded / file.size)),
            new AbortController().signal,
          ),
        );
        setProgress(null);
        if (sent.error) {
          const refusal = pictureRefusal(sent.error);
          notifyError(refusal ? t(`editor.${refusal}`, { max: limitsInMiB.image }) : errorText(sent.error));
          return false;
        }
      } else {
        const removed = await (kind === 'picture' ? removePicture(undefined) : removeCover(undefined));
        if (removed.error) {
          notifyError(errorText(removed.error));
          return false;
        }
      }
      setImages((current) => ({ ...current, [kind]: KEEP }));
    }
    const outcome = await save({ body: { displayName, bio } });
    if (outcome.error) notifyError(errorText(outcome.error));
    return !outcome.error;
  };

  return (
    <form method="post" className={styles.editor} onSubmit={submit} aria-busy={saving} noValidate>
      {(['picture', 'cover'] as const).map((kind) => (
        <ImageField
          key={kind}
          kind={kind}
          uri={kind === 'picture' ? profile.profilePictureUri : profile.coverPictureUri}
          name={profile.displayName}
          change={images[kind]}
          onChange={(change) => setImages((current) => ({ ...current, [kind]: change }))}
          disabled={saving}
        />
      ))}
      <div className={styles.field}>
        <label htmlFor={ids.name}>{t('editor.nameLabel')}</label>
        <input
          id={ids.name}
          name="displayName"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          autoComplete="name"
          required
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={nameProblem ? ids.nameError : undefined}
          // The form opens because the person asked to edit: the field is where they want to be.
          // biome-ignore lint/a11y/noAutofocus: focus follows the person's own action
          autoFocus
        />
        {nameProblem ? (
          <p id={ids.nameError} className={styles.error}>
            {say(nameProblem)}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.bio}>{t('editor.bioLabel')}</label>
        <textarea
          id={ids.bio}
          name="bio"
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          rows={4}
          aria-invalid={bioFieldProblem ? true : undefined}
          aria-describedby={bioFieldProblem ? `${ids.bioHint} ${ids.bioError}` : ids.bioHint}
        />
        <p id={ids.bioHint} className={styles.hint}>
          {t('editor.bioRemaining', { count: Math.max(0, inputLimits.bioMaxLength - countedLength(bio)) })}
        </p>
        {bioFieldProblem ? (
          <p id={ids.bioError} className={styles.error}>
            {say(bioFieldProblem)}
          </p>
        ) : null}
      </div>
      <p role="status" className={styles.hint}>
        {progress !== null ? t('editor.pictureUploading', { progress }) : ''}
      </p>
      <div className={styles.buttons}>
        <button type="submit" className={styles.primaryButton} disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
        <button type="button" className={styles.button} onClick={onDone} disabled={saving}>
          {t('editor.cancel')}
        </button>
      </div>
    </form>
  );
}
