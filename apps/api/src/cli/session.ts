import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { closeContext, createContext } from '../create-context.js';

/** Opens (and migrates) the database the server would use, runs `work`, and always closes it again. */
export async function withContext<T>(config: Config, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createContext(config);
  try {
    return await work(ctx);
  } finally {
    await closeContext(ctx);
  }
}
