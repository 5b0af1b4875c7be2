import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { apiFetch } from '@/session/api-fetch';
import styles from '../../_components/auth.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.mailbox');
  return { title: t('title'), robots: { index: false } };
}

/** A mail's text with its links (a password reset's) made followable, as a mail program would. */
function MailText({ text }: { text: string }) {
  // split() with a capturing group puts the links at the odd places.
  const parts = text.split(/(https?:\/\/\S+)/);
  return (
    <pre>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text, never reordered
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/**
 * The local outbox, so sign-up works without a mail server. The API decides whether it exists: it serves the
 * outbox only outside production, and this page is a 404 wherever the API's is.
 */
export default async function DevMailboxPage({ searchParams }: { searchParams: Promise<{ to?: string | string[] }> }) {
  const { to } = await searchParams;
  const recipient = typeof to === 'string' ? to.trim().slice(0, 254) : '';
  const response = await apiFetch(
    `/api/identity/dev/mailbox${recipient ? `?to=${encodeURIComponent(recipient)}` : ''}`,
  );
  if (response.status === 404) notFound();
  if (!response.ok) throw new Error(`the development mailbox answered ${response.status}`);
  const { data: mails } = (await response.json()) as { data: StoredMail[] };
  const t = await getTranslations('Auth.mailbox');
  const format = await getFormatter();

  return (
    <article>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <search>
        <form method="get" className={styles.form}>
          <div className={styles.field}>
            <label htmlFor="mailbox-to">{t('filterLabel')}</label>
            <input id="mailbox-to" name="to" type="email" defaultValue={recipient} />
          </div>
          <button type="submit" className={styles.button}>
            {t('filterSubmit')}
          </button>
        </form>
      </search>
      {recipient ? (
        <p>
          <a href="/dev/mailbox">{t('showAll')}</a>
        </p>
      ) : null}
      <p role="status">{mails.length === 0 ? t('empty') : t('count', { count: mails.length })}</p>
      {mails.map((mail) => (
        <section key={mail.id} className={styles.mail} aria-labelledby={`mail-${mail.id}`}>
          <h2 id={`mail-${mail.id}`}>{mail.subject}</h2>
          <p className={styles.meta}>
            {t('to')}: {mail.to} · {t('sent')}:{' '}
            <time dateTime={mail.sentAt}>
              {format.dateTime(new Date(mail.sentAt), { dateStyle: 'medium', timeStyle: 'medium' })}
            </time>
          </p>
          <MailText text={mail.text} />
        </section>
      ))}
    </article>
  );
}
