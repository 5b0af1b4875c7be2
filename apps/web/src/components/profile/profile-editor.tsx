'use client';

import type { MyProfileView } from '@civitas/contract';
import { inputLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { useUpdateMyProfileMutation } from '@/client';
import { useErrorText } from '../error-message';
import { notifyError, notifySuccess } from '../toast';
import { ImageField } from './image-field';
import styles from './profile-editor.module.css';
import { bioProblem, countedLength, displayNameProblem, type ProfileFieldProblem } from './profile-rules';

/**
 * My picture, cover, name and bio, edited in place on my profile. The pictures are sent as soon as they are
 * chosen (ImageField); the name and bio wait for Save, checked by the server's own rules as I type (after a
 * first try to save), so a refusal names the field; should the call fail, the form stays open with what I
 * typed and a toast says why.
 */
export function ProfileEditor({ profile, onDone }: { profile: MyProfileView; onDone: () => void }) {
  const t = useTranslations('Profile');
  const errorText = useErrorText();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [tried, setTried] = useState(false);
  const [save, { isLoading }] = useUpdateMyProfileMutation();
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
    const outcome = await save({ body: { displayName, bio } });
    if (outcome.error) {
      notifyError(errorText(outcome.error));
      return;
    }
    notifySuccess(t('editor.saved'));
    onDone();
  };

  return (
    <form method="post" className={styles.editor} onSubmit={submit} aria-busy={isLoading} noValidate>
      <ImageField kind="picture" uri={profile.profilePictureUri} name={profile.displayName} />
      <ImageField kind="cover" uri={profile.coverPictureUri} name={profile.displayName} />
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
      <div className={styles.buttons}>
        <button type="submit" className={styles.primaryButton} disabled={isLoading}>
          {isLoading ? t('editor.saving') : t('editor.save')}
        </button>
        <button type="button" className={styles.button} onClick={onDone} disabled={isLoading}>
          {t('editor.cancel')}
        </button>
      </div>
    </form>
  );
}
