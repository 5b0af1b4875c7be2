import { z } from 'zod';
import { Id, OffsetQuery, offsetPage } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { SINGLE_LINE_PATTERN, userText } from '../text.js';
import { PersonView } from '../views.js';
import { HashtagView } from './users.js';

export const PeoplePage = offsetPage(PersonView).meta({ id: 'PeoplePage' });
const CitizenParams = z.object({ citizenId: Id });

export const searchMention = defineEndpoint({
  service: 'graphs',
  method: 'GET',
  path: '/v3/citizens/search-mention/:keyword',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'People whose username or display name starts with the keyword: friends first, then people I follow',
  params: z.object({
    keyword: userText({ field: 'keyword', max: 51, trim: true })
      .transform((value) => value.replace(/^@/, '').trim())
      .pipe(z.string().min(1, 'keyword must not be empty').max(50, 'keyword must be at most 50 characters'))
      .meta({
        description:
          'The start of a username or display name, a leading @ allowed: 1 to 50 characters after it (counted as a person counts them), one line, no control characters, bidirectional overrides or lone surrogates',
        pattern: SINGLE_LINE_PATTERN,
        minLength: 1,
      }),
  }),
  querystring: OffsetQuery,
  success: { status: 200, body: PeoplePage },
});

export const getProfileRelevantCreators = defineEndpoint({
  service: 'graphs',
  method: 'GET',
  path: '/influencers/profile-relevant-creators/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Creators this citizen follows whom I do not follow yet, most followed first',
  params: CitizenParams,
  querystring: OffsetQuery,
  success: { status: 200, body: PeoplePage },
});

export const getProfileRelevantCitizens = defineEndpoint({
  service: 'graphs',
  method: 'GET',
  path: '/influencers/profile-relevant-citizens/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Friends of this citizen who are not my friends yet',
  params: CitizenParams,
  querystring: OffsetQuery,
  success: { status: 200, body: PeoplePage },
});

export const getMutualConnections = defineEndpoint({
  service: 'graphs',
  method: 'GET',
  path: '/influencers/mutual-following-connections/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'People connected to both of us: whom I follow or befriended and who follow or befriended this citizen',
  params: CitizenParams,
  querystring: OffsetQuery,
  success: { status: 200, body: PeoplePage },
});

/** The lists behind a profile's counts (issue 51): each row with how I stand to that person. */
const countList = <const W extends 'followers' | 'following' | 'friends'>(which: W, summary: string) =>
  defineEndpoint({
    service: 'graphs',
    method: 'GET',
    path: `/v1/citizens/:citizenId/${which}` as const,
    access: 'citizen',
    versions: ['1.0'],
    summary: `${summary}: my friends first, then whom I follow, then the most followed`,
    params: CitizenParams,
    querystring: OffsetQuery,
    success: { status: 200, body: PeoplePage },
  });

export const getFollowers = countList('followers', 'Who follows this citizen');
export const getFollowing = countList('following', 'Whom this citizen follows');
export const getFriends = countList('friends', 'This citizen’s friends');

/** What a search looks for: people (by username and any word of their name) or hashtags (by their start). */
export const SearchKind = z.enum(['people', 'hashtags']);

const searchToken = z.string().min(1).max(512, 'continuationToken is too long').nullable();

export const SearchPage = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('people'), data: z.array(PersonView), continuationToken: searchToken }),
    z.object({ kind: z.literal('hashtags'), data: z.array(HashtagView), continuationToken: searchToken }),
  ])
  .meta({ id: 'SearchPage' });

/**
 * Search (ADR 082), for guests too: people whose username, display name or a later word of it starts with `q`
 * (accents and case ignored, any script), exact username first, then people I follow, then the most followed; or
 * hashtags starting with `q`, most used first. A leading @ or # is the search's own sign, not part of `q`.
 */
export const search = defineEndpoint({
  service: 'graphs',
  method: 'GET',
  path: '/v1/search',
  access: 'citizenOrGuest',
  versions: ['1.0'],
  summary: 'People or hashtags whose name starts with `q`, best match first; an empty page when nothing matches',
  querystring: z.object({
    q: userText({ field: 'q', max: 51, trim: true })
      .transform((value) => value.replace(/^[@#]/, '').trim())
      .pipe(
        z
          .string()
          .min(1, 'q must name what to look for: at least one letter')
          .max(50, 'q must be at most 50 characters'),
      )
      .meta({
        description:
          'The start of a username, a name or a hashtag, a leading @ or # allowed: 1 to 50 characters after it (counted as a person counts them), one line, no control characters, bidirectional overrides or lone surrogates',
        pattern: SINGLE_LINE_PATTERN,
        minLength: 1,
      }),
    kind: SearchKind.default('people'),
    limit: OffsetQuery.shape.limit,
    continuationToken: z.string().min(1).max(512, 'continuationToken is too long').optional(),
  }),
  success: { status: 200, body: SearchPage },
});

export const graphsEndpoints = [
  searchMention,
  search,
  getProfileRelevantCreators,
  getProfileRelevantCitizens,
  getMutualConnections,
  getFollowers,
  getFollowing,
  getFriends,
] as const;
