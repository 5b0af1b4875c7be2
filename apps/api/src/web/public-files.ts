import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The paths of the web's public files (`apps/web/public`, served by Next as they are), read once at start: a
 * page fetches some of them each time, so they spend no budget, while a path naming no file still does.
 */
export function publicFilePaths(dir: string): ReadonlySet<string> {
  const root = join(dir, 'public');
  let entries: string[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    // No public folder (a build without one): no file to leave uncounted. Anything else is a broken install.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  return new Set(entries.map((file) => `/${relative(root, file).split(sep).join('/')}`));
}
