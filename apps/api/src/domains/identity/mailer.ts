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
  /** The local outbox, newest first (development and tests only; empty when mail goes out by SMTP). */
  outbox(to?: string): StoredMail[];
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
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
      outbox: () => [],
    };
  }
  const dir = join(options.dataDir, 'outbox');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    send: async (mail) => {
      const id = newId();
      const stored: StoredMail = { id, sentAt: new Date().toISOString(), ...mail };
      writeFileSync(join(dir, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
    },
    outbox: (to) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse()
        .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as StoredMail)
        .filter((mail) => to === undefined || mail.to.toLowerCase() === to.toLowerCase()),
  };
}
