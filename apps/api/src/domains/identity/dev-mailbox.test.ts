import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { devMailboxOpen } from './dev-mailbox.js';

const open = (env: Record<string, string>) =>
  devMailboxOpen(loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/unused', ...env }));

describe('the development mailbox', () => {
  it('opens only at an address of this machine, without SMTP, outside production', () => {
    expect(open({})).toBe(true); // PUBLIC_URL's default, http://localhost:3000
    expect(open({ PUBLIC_URL: 'http://127.0.0.1:4123' })).toBe(true);
    expect(open({ PUBLIC_URL: 'http://[::1]:3000' })).toBe(true);
    expect(open({ PUBLIC_URL: 'https://civitas.example.org' })).toBe(false);
    expect(open({ PUBLIC_URL: 'http://192.168.1.20:3000' })).toBe(false);
    expect(open({ PUBLIC_URL: 'http://localhost.example.org' })).toBe(false);
    expect(open({ SMTP_URL: 'smtp://mail.example.org' })).toBe(false);
    expect(open({ NODE_ENV: 'production' })).toBe(false);
    expect(open({ APP_ENV: 'prod' })).toBe(false);
  });

  it('opens at a private network address when DEV_MAILBOX=true says so, never in production', () => {
    expect(open({ PUBLIC_URL: 'http://192.168.1.20:3000', DEV_MAILBOX: 'true' })).toBe(true);
    expect(open({ PUBLIC_URL: 'http://192.168.1.20:3000', DEV_MAILBOX: 'true', APP_ENV: 'prod' })).toBe(false);
  });
});
