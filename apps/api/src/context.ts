import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { DialectName } from './db/dialect.js';
import type { Keys } from './http/auth/keys.js';
import type { TokenService } from './http/auth/tokens.js';

/** Everything a route or job needs, passed explicitly rather than hung on globals. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  keys: Keys;
  tokens: TokenService;
  /** Milliseconds since the epoch; replaceable so tests can fix time. */
  now: () => number;
}
