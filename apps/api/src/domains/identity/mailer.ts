import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '../../db/ids.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface StoredMail extends Mail {
  id: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Prepares a mail (`null`: none after all) and sends it once the caller has moved on: a request that may or may
   * not mail someone answers before either happens, in the same time whichever it is, so its answer's timing
   * cannot tell whether an email address has an account. Failures go to `failed`, not to the caller.
   */
  sendLater(prepare: () => Promise<Mail | null>, failed: (error: unknown) => void): void;
  /** Resolves once every mail handed to sendLater has been sent, or has failed. */
  settled(): Promise<void>;
  /**
   * The local outbox, newest first, once the mails on their way are in it (development and tests only; empty when
   * mail goes out by SMTP).
   */
  outbox(to?: string): Promise<StoredMail[]>;
}

/** The mails handed to sendLater and not yet sent, around a transport's `send`. */
function laterMails(send: Mailer['send']): Pick<Mailer, 'sendLater' | 'settled'> {
  const pending = new Set<Promise<void>>();
  return {
    sendLater: (prepare, failed) => {
      const work: Promise<void> = prepare()
        .then((mail) => (mail ? send(mail) : undefined))
        .catch(failed)
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    settled: async () => {
      // Mails handed over while waiting are waited for too.
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/**
 * Mail goes out by SMTP when SMTP_URL is set (nodemailer); otherwise each message is written as JSON to
 * DATA_DIR/outbox, which the development mailbox reads.
 */
export async function createMailer(options: {
  dataDir: string;
  smtpUrl?: string | undefined;
  from: string;
}): Promise<Mailer> {
  if (options.smtpUrl) {
    const nodemailer = await import('nodemailer');
    const transport = nodemailer.createTransport(options.smtpUrl);
    const send: Mailer['send'] = async (mail) => {
      await transport.sendMail({ from: options.from, ...mail });
    };
    return { send, ...laterMails(send), outbox: async () => [] };
  }
  const dir = join(options.dataDir, 'outbox');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const send: Mailer['send'] = async (mail) => {
    const id = newId();
    const stored: StoredMail = { id, sentAt: new Date().toISOString(), ...mail };
    writeFileSync(join(dir, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
  };
  const later = laterMails(send);
  return {
    send,
    ...later,
    outbox: async (to) => {
      await later.settled();
      return readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse()
        .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as StoredMail)
        .filter((mail) => to === undefined || mail.to.toLowerCase() === to.toLowerCase());
    },
  };
}
