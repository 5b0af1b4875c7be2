import { getSharedStageFeed, getStageFeed } from '@civitas/contract';
import type { StageStart } from '@/components/feed/stage-start';
import { countryFromAcceptLanguage, countryName, DEFAULT_COUNTRY } from '@/i18n/region';
import { type ReadResult, readAsCitizen, readAsMachine } from '@/server/api-read';
import { readMe } from '@/server/read-me';
import type { ServerSession } from '@/session/server-session';
import { FIRST_PAGE_SIZE } from './first-page-size';

type ReadStage = (country: string) => Promise<ReadResult<StageStart['page']>>;
type FirstPage = Omit<StageStart, 'countryName'>;

/** The stage of `own`, or the default country's when `own`'s is still empty (ADR 008: never an empty page). */
async function firstNonEmpty(own: string, read: ReadStage): Promise<FirstPage | null> {
  const first = await read(own);
  if (!first.ok) return null;
  if (first.data.data.length > 0 || own === DEFAULT_COUNTRY) return { country: own, fellBack: false, page: first.data };
  const fallback = await read(DEFAULT_COUNTRY);
  return fallback.ok ? { country: DEFAULT_COUNTRY, fellBack: true, page: fallback.data } : null;
}

/**
 * The first page of the visitor's stage, read while the page renders so its posts (and the first picture, the
 * page's largest paint) are in the HTML. A citizen's is read with their token, for their own likes, of their
 * profile's country; a guest's with the machine token (the sharing stage: the web server has no guest token),
 * of their Accept-Language region. "Now" in both cases, as the browser would have asked.
 *
 * Null when any read fails (an expired citizen token, the API unreachable): the browser then reads the stage
 * itself, as it did before, refreshing the session on the way.
 */
export async function loadStageStart(
  session: ServerSession,
  acceptLanguage: string | null,
  locale: string,
): Promise<StageStart | null> {
  const first = await readFirstPage(session, acceptLanguage);
  return first && { ...first, countryName: countryName(first.country, locale) };
}

async function readFirstPage(session: ServerSession, acceptLanguage: string | null): Promise<FirstPage | null> {
  try {
    if (session.kind === 'citizen') {
      const me = await readMe(session.token);
      if (!me.ok) return null;
      return await firstNonEmpty(me.data.country, (country) =>
        readAsCitizen(getStageFeed, { query: { country, size: FIRST_PAGE_SIZE } }, session.token),
      );
    }
    return await firstNonEmpty(countryFromAcceptLanguage(acceptLanguage), (country) =>
      readAsMachine(getSharedStageFeed, { query: { country, size: FIRST_PAGE_SIZE } }),
    );
  } catch {
    return null;
  }
}
