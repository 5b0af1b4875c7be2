'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { checkChosenFile } from '@/client/upload/check-file';
import { CaptionField } from './caption-field';
import { pickedMentionIds } from './caption-token';
import styles from './composer.module.css';
import {
  altTextProblem,
  captionProblem,
  completeLink,
  type FieldProblem,
  linkProblem,
  refusalProblem,
} from './composer-rules';
import { MediaField } from './media-field';
import { PublishStatus } from './publish-status';
import { useLeaveGuard } from './use-leave-guard';
import { usePublish } from './use-publish';
import { videoDuration } from './video-duration';

type Field = 'file' | 'cover' | 'caption' | 'link' | 'alt';

const videoTooLong: FieldProblem = { key: 'videoTooLong', values: { minutes: mediaLimits.videoMaxSeconds / 60 } };

/**
 * The post composer: a picture or video (a video may have a cover), the caption with its pickers, a link,
 * alt text for pictures, and who may see it. Every rule is checked here before anything is sent, with the
 * message beside its field; the server checks them again.
 */
export function Composer() {
  const t = useTranslations('Compose');
  const locale = useLocale();
  // A file is kept only once its first bytes were found usable: a refused one is said, never previewed or sent.
  const [file, setFile] = useState<File | null>(null);
  const [mediaType, setMediaType] = useState<'image' | 'video' | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [link, setLink] = useState('');
  const [altText, setAltText] = useState('');
  const [sharing, setSharing] = useState<'public' | 'private'>('public');
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const picked = useRef(new Map<string, string>());
  // A chosen video longer than the server takes: known from the file's metadata a moment after it is chosen.
  const tooLong = useRef<File | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { phase, setPhase, publish, cancel } = usePublish();
  const ids = { link: useId(), linkHint: useId(), alt: useId(), altHint: useId(), sharing: useId() };
  const problemId = (field: Field) => `${ids.sharing}-${field}-problem`;
  const video = mediaType === 'video';
  // The latest choice of each picker: a check that ends after a newer choice is ignored.
  const choice = useRef({ file: 0, cover: 0 });
  const sending = phase.kind === 'creating' || phase.kind === 'uploading';
  const busy = sending || phase.kind === 'processing';
  // Leaving before the file is through discards the post (usePublish): the person is asked first, and the post
  // goes as soon as they choose to leave (while the session that may own it is still there).
  useLeaveGuard(sending, t('leaveWhileUploading'), cancel);
  // A field's message goes as soon as the person changes that field.
  const clearProblem = (field: Field) =>
    setProblems((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const [focusRequest, setFocusRequest] = useState(0);
  // After a refused submit, the first field with a problem gets the focus, so its message is read out with it.
  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const onFailed = useCallback(
    (failure: string, detail?: string) => setPhase({ kind: 'failed', failure, ...(detail ? { detail } : {}) }),
    [setPhase],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A refused choice keeps its message; no choice at all asks for one.
    const found: Partial<Record<Field, FieldProblem>> = {};
    const fileIssue =
      problems.file ?? (!file ? { key: 'fileMissing' as const } : file === tooLong.current ? videoTooLong : null);
    if (fileIssue) found.file = fileIssue;
    if (video && problems.cover) found.cover = problems.cover;
    const captionIssue = captionProblem(caption, pickedMentionIds(caption, picked.current).length);
    if (captionIssue) found.caption = captionIssue;
    const linkIssue = linkProblem(link);
    if (linkIssue) found.link = linkIssue;
    const altIssue = video ? null : altTextProblem(altText);
    if (altIssue) found.alt = altIssue;
    setProblems(found);
    if (Object.keys(found).length > 0 || !file) {
      setFocusRequest((count) => count + 1);
      return;
    }
    void publish(
      {
        file,
        cover: video ? cover : null,
        caption,
        mentionRequest: pickedMentionIds(caption, picked.current),
        externalLink: completeLink(link),
        sharing,
        altText,
      },
      video ? 'video' : 'image',
    );
  };

  /** A new choice replaces what a failed or cancelled publish said: one message at a time. */
  const freshStart = () => {
    if (phase.kind === 'failed' || phase.kind === 'cancelled') setPhase({ kind: 'editing' });
  };

  const chooseFile = async (chosen: File) => {
    choice.current.file += 1;
    const mine = choice.current.file;
    freshStart();
    const checked = await checkChosenFile(chosen, 'pictureOrVideo');
    if (mine !== choice.current.file) return;
    setCover(null);
    setFile(checked.ok ? chosen : null);
    setMediaType(checked.ok ? checked.mediaType : null);
    // Said at once, not after the rest of the form is filled in.
    const issue = checked.ok ? undefined : refusalProblem(checked.refusal);
    setProblems((current) => ({ ...current, file: issue, cover: undefined }));
    if (checked.ok && checked.mediaType === 'video') {
      const seconds = await videoDuration(chosen);
      if (mine !== choice.current.file || seconds === null || seconds <= mediaLimits.videoMaxSeconds) return;
      tooLong.current = chosen;
      setProblems((current) => ({ ...current, file: videoTooLong }));
    }
  };

  const chooseCover = async (chosen: File) => {
    choice.current.cover += 1;
    const mine = choice.current.cover;
    freshStart();
    const checked = await checkChosenFile(chosen, 'picture');
    if (mine !== choice.current.cover) return;
    setCover(checked.ok ? chosen : null);
    setProblems((current) => ({ ...current, cover: checked.ok ? undefined : refusalProblem(checked.refusal) }));
  };

  const problemText = (field: Field) => {
    const problem = problems[field];
    return problem ? (
      // A refused file is said the moment it is chosen: announced, as nothing else moves the focus there.
      <p
        id={problemId(field)}
        className={styles.problem}
        role={field === 'file' || field === 'cover' ? 'alert' : undefined}
      >
        {t(`problems.${problem.key}`, problem.values ?? {})}
      </p>
    ) : null;
  };

  return (
    <form method="post" ref={form} className={styles.composer} onSubmit={submit} noValidate aria-busy={busy}>
      <MediaField
        file={file}
        cover={cover}
        mediaType={mediaType}
        onFile={(chosen) => void chooseFile(chosen)}
        onCover={(chosen) => void chooseCover(chosen)}
        disabled={busy}
        {...(problems.file ? { problemId: problemId('file') } : {})}
        {...(problems.cover ? { coverProblemId: problemId('cover') } : {})}
      />
      {problemText('file')}
      {problemText('cover')}
      <CaptionField
        value={caption}
        onChange={(text) => {
          setCaption(text);
          clearProblem('caption');
        }}
        onMention={(username, citizenId) => picked.current.set(username, citizenId)}
        disabled={busy}
        invalid={Boolean(problems.caption)}
        {...(problems.caption ? { problemId: problemId('caption') } : {})}
      />
      {problemText('caption')}
      <div className={styles.field}>
        <label htmlFor={ids.link} className={styles.label}>
          {t('linkLabel')}
        </label>
        <input
          id={ids.link}
          type="url"
          inputMode="url"
          className={styles.input}
          value={link}
          disabled={busy}
          onChange={(event) => {
            setLink(event.target.value);
            clearProblem('link');
          }}
          // Shows the address as it will be posted once the person moves on.
          onBlur={() => setLink(completeLink)}
          aria-invalid={problems.link ? true : undefined}
          aria-describedby={[ids.linkHint, problems.link ? problemId('link') : ''].filter(Boolean).join(' ')}
        />
        <p id={ids.linkHint} className={styles.hint}>
          {t('linkHint')}
        </p>
        {problemText('link')}
      </div>
      {video ? null : (
        <div className={styles.field}>
          <label htmlFor={ids.alt} className={styles.label}>
            {t('altLabel')}
          </label>
          <textarea
            id={ids.alt}
            className={styles.textarea}
            rows={2}
            value={altText}
            disabled={busy}
            onChange={(event) => {
              setAltText(event.target.value);
              clearProblem('alt');
            }}
            aria-invalid={problems.alt ? true : undefined}
            aria-describedby={[ids.altHint, problems.alt ? problemId('alt') : ''].filter(Boolean).join(' ')}
          />
          <p id={ids.altHint} className={styles.hint}>
            {t('altHint', { max: mediaLimits.altTextMaxLength })}
          </p>
          {problemText('alt')}
        </div>
      )}
      <fieldset className={styles.sharing} disabled={busy}>
        <legend className={styles.label}>{t('sharingLegend')}</legend>
        {(['public', 'private'] as const).map((option) => (
          <label key={option} className={styles.radio}>
            <input
              type="radio"
              name="sharing"
              value={option}
              checked={sharing === option}
              onChange={() => setSharing(option)}
            />
            {t(option === 'public' ? 'sharingPublic' : 'sharingPrivate')}
          </label>
        ))}
      </fieldset>
      <PublishStatus phase={phase} locale={locale} onFailed={onFailed} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {t('publish')}
        </button>
        {phase.kind === 'creating' || phase.kind === 'uploading' ? (
          <button type="button" className={styles.button} onClick={cancel}>
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
