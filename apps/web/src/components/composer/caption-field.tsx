'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatCount } from '@/client/behaviour/compact-count';
import { Avatar } from '../people/avatar';
import { replaceToken, tokenAtCaret } from './caption-token';
import styles from './composer.module.css';
import { captionRemaining } from './composer-rules';
import picker from './picker.module.css';
import { type Suggestion, useSuggestions } from './suggestions';
import { useDebounced } from './use-debounced';
import { usePickerPlacement } from './use-picker-placement';

interface CaptionFieldProps {
  value: string;
  onChange(value: string): void;
  /** A person chosen in the mention picker: username and id. */
  onMention(username: string, citizenId: string): void;
  disabled: boolean;
  problemId?: string;
  invalid: boolean;
}

/**
 * The caption with the mention and hashtag pickers: typing `@` or `#` and a few letters opens a list of
 * suggestions (people with their pictures) under the field, or above it when the visible screen has no room
 * below (use-picker-placement.ts). It follows the combobox pattern of ARIA 1.2 as far as a textarea may (a
 * textarea cannot take the combobox role): the list is a listbox the field controls, the active option is
 * its `aria-activedescendant`, arrows move, Enter or Tab choose, Escape closes, and a live region says how
 * many suggestions there are.
 */
export function CaptionField({ value, onChange, onMention, disabled, problemId, invalid }: CaptionFieldProps) {
  const t = useTranslations('Compose');
  const locale = useLocale();
  // Counts in the compact form every count of the app uses (docs/product.md §9): "1.2K posts".
  const counted = (count: number) => ({ count, formatted: formatCount(count, locale) });
  const field = useRef<HTMLTextAreaElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const ids = { field: useId(), hint: useId(), list: useId(), count: useId() };
  const typed = tokenAtCaret(value, caret);
  const typedKey = typed && typed.start !== dismissed ? `${typed.start}${typed.trigger}${typed.query}` : '';
  // The pickers search once typing pauses for 200 ms, and only show results for what is typed now.
  const settledKey = useDebounced(typedKey, 200);
  const current = typedKey && typedKey === settledKey ? typed : null;
  const suggestions = useSuggestions(current, (count) => t('hashtagPosts', counted(count)));
  const open = current !== null && suggestions.items.length > 0;
  const activeIndex = Math.min(active, suggestions.items.length - 1);
  const optionId = (index: number) => `${ids.list}-${index}`;
  const place = usePickerPlacement(box, list, open ? `${settledKey}:${suggestions.items.length}` : null);

  const choose = (suggestion: Suggestion) => {
    if (!current) return;
    const next = replaceToken(value, current, suggestion.insert);
    if (suggestion.citizenId) onMention(suggestion.insert, suggestion.citizenId);
    onChange(next.text);
    setCaret(next.caret);
    setActive(0);
    pendingCaret.current = next.caret;
  };

  // The caret goes after the chosen suggestion in the same commit that puts it in the field: set any later
  // (a frame later, say) and a key typed in between would land before the caret moved back over it.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !field.current) return;
    pendingCaret.current = null;
    field.current.focus();
    field.current.setSelectionRange(at, at);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const count = suggestions.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (down && activeIndex === count - 1 && suggestions.hasMore) {
        // Past the last option loaded: the next page is asked for, and its first option is active once it comes.
        suggestions.more();
        setActive(count);
      } else {
        setActive((activeIndex + (down ? 1 : count - 1)) % count);
      }
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const chosen = suggestions.items[activeIndex];
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(current?.start ?? null);
    }
  };

  const remaining = captionRemaining(value);
  return (
    <div className={styles.field}>
      <label htmlFor={ids.field} className={styles.label}>
        {t('captionLabel')}
      </label>
      <div className={styles.captionBox} ref={box}>
        <textarea
          ref={field}
          id={ids.field}
          className={styles.textarea}
          value={value}
          rows={4}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={[ids.hint, problemId].filter(Boolean).join(' ')}
          aria-autocomplete="list"
          aria-controls={open ? ids.list : undefined}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          onChange={(event) => {
            onChange(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
            setDismissed(null);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(current?.start ?? null)}
          onFocus={() => setDismissed(null)}
        />
        {open ? (
          <div
            ref={list}
            className={picker.picker}
            data-placement={place.placement}
            style={{ maxHeight: place.maxHeight }}
          >
            {current?.trigger === '#' ? (
              <p className={picker.total}>{t('hashtagTotal', counted(suggestions.total))}</p>
            ) : null}
            <div
              id={ids.list}
              role="listbox"
              aria-label={t(current?.trigger === '@' ? 'mentionSuggestions' : 'hashtagSuggestions')}
            >
              {suggestions.items.map((suggestion, index) => (
                <div
                  key={suggestion.key}
                  tabIndex={-1}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={picker.option}
                  // Chosen on mouse down, before the field loses focus and the list closes.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(suggestion);
                  }}
                >
                  {suggestion.picture !== undefined ? (
                    <Avatar uri={suggestion.picture} alt="" size={32} className={picker.avatar} />
                  ) : null}
                  <span className={picker.words}>
                    <span className={picker.label}>{suggestion.label}</span>{' '}
                    <span className={picker.detail}>{suggestion.detail}</span>
                  </span>
                </div>
              ))}
            </div>
            {suggestions.hasMore ? (
              <button
                type="button"
                className={picker.more}
                onMouseDown={(event) => event.preventDefault()}
                onClick={suggestions.more}
                disabled={suggestions.loading}
              >
                {t('moreSuggestions')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <p id={ids.count} className={styles.visuallyHidden} aria-live="polite">
        {current ? t('suggestionsCount', { count: suggestions.items.length }) : ''}
      </p>
      <p id={ids.hint} className={styles.hint}>
        {t('captionHint')}{' '}
        {remaining < 0 ? t('captionOver', { count: -remaining }) : t('captionRemaining', { count: remaining })}
      </p>
    </div>
  );
}
