import { z } from 'zod';
import { ContinuationQuery, continuationPage, Id, IdParams, OffsetQuery } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { PersonView, PostOverview, SocialCounts, SuggestedCreatorView } from '../views.js';
import { PeoplePage } from './graphs.js';

export const SocialOverview = SocialCounts.extend({ citizenId: Id }).meta({ id: 'SocialOverview' });

export const getCitizenSocialOverview = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v2/citizens/:id/social-overview',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Follower, following, friend and post counts of a citizen',
  params: IdParams,
  success: { status: 200, body: SocialOverview },
});

export const getMySocialOverview = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v2/influencers/me/social-overview',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'My follower, following, friend and post counts',
  success: { status: 200, body: SocialOverview },
});

export const getPostOverview = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/feeds/:id/overview',
  access: 'citizenOrGuest',
  versions: ['2.0'],
  summary: 'Likes of a post and whether I liked it; 404 "Post Overview not found" when the post is not visible',
  params: IdParams,
  success: { status: 200, body: PostOverview },
});

export const getSharedPostOverview = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v1/sharing/:id/overview',
  access: 'machine',
  scope: 'social',
  versions: ['1.0'],
  summary: 'Likes of a public post',
  params: IdParams,
  success: { status: 200, body: PostOverview },
});

const contentIds = z
  .union([Id, z.array(Id)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(Id).min(1, 'name at least one contentId').max(100, 'at most 100 contentId values per call'));

export const getPostsOverview = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v1/creators-content/social-overview',
  access: 'citizenOrGuest',
  versions: ['1.0'],
  summary: 'Likes of several posts at once (repeat `contentId`); posts the caller may not see are left out',
  querystring: z.object({ contentId: contentIds }),
  success: { status: 200, body: z.object({ data: z.array(PostOverview) }) },
});

export const getSuggestedCreators = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v1/citizens/me/suggested-creators',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Creators to follow, each with its reason: followed by people you follow, then friends of friends, then same country, then popular',
  querystring: ContinuationQuery,
  success: { status: 200, body: continuationPage(SuggestedCreatorView).meta({ id: 'SuggestedCreatorsPage' }) },
});

export const getMyRelevantCreators = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v1/citizens/me/relevant-creators',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Creators followed by the people I follow, whom I do not follow yet (at most 50)',
  success: { status: 200, body: z.object({ data: z.array(PersonView) }) },
});

export const getMyRelevantCitizens = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v1/citizens/me/relevant-citizens',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Friends of my friends who are not my friends yet (at most 50)',
  success: { status: 200, body: z.object({ data: z.array(PersonView) }) },
});

export const getPostLikers = defineEndpoint({
  service: 'social',
  method: 'GET',
  path: '/v1/creators-content/:id/likers',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Who liked a post (the list behind its count): my friends first, then whom I follow, then the most followed; 404 when I may not see the post',
  params: IdParams,
  querystring: OffsetQuery,
  success: { status: 200, body: PeoplePage },
});

export const socialEndpoints = [
  getCitizenSocialOverview,
  getMySocialOverview,
  getPostOverview,
  getSharedPostOverview,
  getPostsOverview,
  getSuggestedCreators,
  getMyRelevantCreators,
  getMyRelevantCitizens,
  getPostLikers,
] as const;
