'use client';

import { mediaLimits } from '@civitas/contract/routes-table';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { checkChosenFile } from '@/client/upload/check-file';
import {
  ALBUM_MAX_ITEMS,
  addItems,
  type ComposedItem,
  changeAltText,
  moveItem,
  moveItemTo,
  removeItem,
} from './album-items';
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
 * The post composer: a picture or video (a video may have a cover), or an album of up to ten (ADR 086), the caption with its pickers, a link,
 * alt text for pictures, and who may see it. Every rule is checked here before anything is sent, with the
 * message beside its field; the server checks them again.
 */
export function Composer() {
  const t = useTranslations('Compose');
  const locale = useLocale();
  // A file is kept only once its first bytes were found usable: a refused one is said, never previewed or sent.
  // One item is a single post, two to ten an album (ADR 086); the first is the post's own media.
  const [items, setItems] = useState<ComposedItem[]>([]);
  const nextItemId = useRef(0);
  // The items as of now, for a check that ends after others changed them (several additions at once).
  const itemsNow = useRef(items);
  itemsNow.current = items;
  // Files of the latest choice that were not added (refused, or past the album's limit), each named.
  const [notes, setNotes] = useState<FieldProblem[]>([]);
  // Album pictures whose description is too long, said after a refused submit.
  const [altProblems, setAltProblems] = useState<ReadonlySet<number>>(new Set());
  const [caption, setCaption] = useState('');
  const [link, setLink] = useState('');
  const [sharing, setSharing] = useState<'public' | 'private'>('public');
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const picked = useRef(new Map<string, string>());
  const form = useRef<HTMLFormElement>(null);
  const { phase, setPhase, publish, cancel } = usePublish();
  const ids = { link: useId(), linkHint: useId(), alt: useId(), altHint: useId(), sharing: useId() };
  const problemId = (field: Field) => `${ids.sharing}-${field}-problem`;
  const single = items.length === 1 ? (items[0] as ComposedItem) : null;
  const video = single?.mediaType === 'video';
  const altText = single?.altText ?? '';
  const notesId = `${ids.sharing}-notes`;
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
    const fileIssue = problems.file ?? (items.length === 0 ? { key: 'fileMissing' as const } : null);
    if (fileIssue) found.file = fileIssue;
    if (video && problems.cover) found.cover = problems.cover;
    const captionIssue = captionProblem(caption, pickedMentionIds(caption, picked.current).length);
    if (captionIssue) found.caption = captionIssue;
    const linkIssue = linkProblem(link);
    if (linkIssue) found.link = linkIssue;
    const altIssue = single && !video ? altTextProblem(altText) : null;
    if (altIssue) found.alt = altIssue;
    const longAlts = new Set(
      items.length > 1
        ? items.filter((item) => item.mediaType === 'image' && altTextProblem(item.altText)).map((item) => item.id)
        : [],
    );
    setProblems(found);
    setAltProblems(longAlts);
    if (Object.keys(found).length > 0 || longAlts.size > 0 || items.length === 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    void publish({
      items,
      caption,
      mentionRequest: pickedMentionIds(caption, picked.current),
      externalLink: completeLink(link),
      sharing,
    });
  };

  /** A new choice replaces what a failed or cancelled publish said: one message at a time. */
  const freshStart = () => {
    if (phase.kind === 'failed' || phase.kind === 'cancelled') setPhase({ kind: 'editing' });
  };

  /**
   * Files chosen in the main zone replace what was chosen; "Add more" appends them, up to the album's limit.
   * Each is judged by its first bytes (and a video by its length) before it is added: a refused file is named
   * and left out, and so are the files past the limit. A single file refused is said as it always was.
   */
  const chooseFiles = async (chosen: File[], how: 'replace' | 'add') => {
    // A replacing choice wins over any check still running; additions made meanwhile are all kept.
    if (how === 'replace') choice.current.file += 1;
    const mine = choice.current.file;
    freshStart();
    const checked = await Promise.all(
      chosen.map(async (file) => {
        const check = await checkChosenFile(file, 'pictureOrVideo');
        if (!check.ok) return { file, problem: refusalProblem(check.refusal) };
        if (check.mediaType === 'video') {
          const seconds = await videoDuration(file);
          if (seconds !== null && seconds > mediaLimits.videoMaxSeconds) return { file, problem: videoTooLong };
        }
        return { file, item: { file, mediaType: check.mediaType, altText: '', cover: null } };
      }),
    );
    if (mine !== choice.current.file) return;
    const accepted: ComposedItem[] = [];
    const refused: { file: File; problem: FieldProblem }[] = [];
    for (const one of checked) {
      if (one.item) {
        nextItemId.current += 1;
        accepted.push({ ...one.item, id: nextItemId.current });
      } else if (one.problem) refused.push({ file: one.file, problem: one.problem });
    }
    // One file chosen to replace what was there: its refusal is the field's problem, as for a single post.
    const alone = how === 'replace' && chosen.length === 1;
    const fileProblem = alone ? refused[0]?.problem : undefined;
    const named = alone ? [] : refused.map(({ file, problem }) => ({ ...problem, name: file.name }));
    const { items: next, left } = addItems(how === 'replace' ? [] : itemsNow.current, accepted);
    itemsNow.current = next;
    setItems(next);
    const over: FieldProblem[] =
      left.length > 0
        ? [
            {
              key: 'tooManyItems',
              values: { max: ALBUM_MAX_ITEMS, count: left.length, names: left.map((file) => file.name).join(', ') },
            },
          ]
        : [];
    setNotes([...named, ...over]);
    setProblems((current) => ({ ...current, file: fileProblem, cover: how === 'replace' ? undefined : current.cover }));
  };

  const removeChosen = (id: number) => {
    freshStart();
    setItems((current) => removeItem(current, id));
    setNotes([]);
    setProblems((current) => ({ ...current, cover: undefined }));
  };

  const setAlt = (id: number, text: string) => {
    setItems((current) => changeAltText(current, id, text));
    setAltProblems((current) => (current.has(id) ? new Set([...current].filter((other) => other !== id)) : current));
  };

  const chooseCover = async (chosen: File) => {
    choice.current.cover += 1;
    const mine = choice.current.cover;
    freshStart();
    const checked = await checkChosenFile(chosen, 'picture');
    if (mine !== choice.current.cover) return;
    // The cover of the one video chosen (a single post's); it stays with the video if more are added.
    setItems((current) =>
      current.length === 1 && current[0]?.mediaType === 'video'
        ? [{ ...current[0], cover: checked.ok ? chosen : null }]
        : current,
    );
    setProblems((current) => ({ ...current, cover: checked.ok ? undefined : refusalProblem(checked.refusal) }));
  };

  const noteText = (note: FieldProblem) => {
    const said = t(`problems.${note.key}`, note.values ?? {});
    return note.name ? t('problems.namedFile', { name: note.name, problem: said }) : said;
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
        items={items}
        onFiles={(chosen, how) => void chooseFiles(chosen, how)}
        onCover={(chosen) => void chooseCover(chosen)}
        onRemove={removeChosen}
        onMove={(id, by) => setItems((current) => moveItem(current, id, by))}
        onMoveTo={(id, to) => setItems((current) => moveItemTo(current, id, to))}
        onAltText={setAlt}
        altProblems={altProblems}
        disabled={busy}
        {...(problems.file ? { problemId: problemId('file') } : {})}
        {...(problems.cover ? { coverProblemId: problemId('cover') } : {})}
        {...(notes.length > 0 ? { notesId } : {})}
        notes={
          notes.length > 0 ? (
            // Files left out of the latest choice, each named: said at once, as a refused single file is.
            <div id={notesId} role="alert">
              {notes.map((note) => (
                <p key={`${note.key}-${note.name ?? ''}`} className={styles.problem}>
                  {noteText(note)}
                </p>
              ))}
            </div>
          ) : null
        }
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
      {video || items.length > 1 ? null : (
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
              if (single) setAlt(single.id, event.target.value);
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
