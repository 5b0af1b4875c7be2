import { useFormatter, useTranslations } from 'next-intl';
import { postAge } from './post-age';

const FULL = { dateStyle: 'long', timeStyle: 'short' } as const;
const DAY_MONTH = { day: 'numeric', month: 'short' } as const;
const DAY_MONTH_YEAR = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/**
 * When a post was made: its age in the reader's language ("3 h", "2 d", then "5 Dec"), with the full date and
 * time on hover and for screen readers. The short forms are messages, not a formatter (their counts are below
 * 1000, ADR 055); `now` is the instant the ages are measured against, the same on the server and in the browser's
 * first render of a hydrated card (ADR 067). Works in server and client components alike.
 */
export function PostTime({ createdAt, now }: { createdAt: string; now: number }) {
  const t = useTranslations('Post');
  const format = useFormatter();
  const date = new Date(createdAt);
  const age = postAge(date.getTime(), now);
  const full = format.dateTime(date, FULL);
  let short: string;
  if (age.unit === 'now') short = t('ageNow');
  else if (age.unit === 'date') short = format.dateTime(date, age.withYear ? DAY_MONTH_YEAR : DAY_MONTH);
  else if (age.unit === 'minutes') short = t('ageMinutes', { value: age.value });
  else if (age.unit === 'hours') short = t('ageHours', { value: age.value });
  else short = t('ageDays', { value: age.value });
  return (
    <time dateTime={createdAt} title={full}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{full}</span>
    </time>
  );
}
