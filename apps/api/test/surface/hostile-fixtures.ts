import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { grantRole } from '../../src/cli/commands/moderation.js';
import { TOKEN_AUDIENCE } from '../../src/http/auth/tokens.js';
import { guest, machine, type TestApp } from '../support/harness.js';
import type { Fixtures } from './hostile-inputs.js';

// The real world the hostile requests aim at: demo citizens with public and private posts, pending friend
// requests, an upload in progress, continuation tokens from real feeds, and credentials of every kind.

async function signedAs(t: TestApp, options: { exp: number; key?: Parameters<SignJWT['sign']>[0] }): Promise<string> {
  return new SignJWT({ kind: 'citizen', username: 'alice' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
    .setSubject(t.world.citizens.alice.id)
    .setIssuer(t.ctx.config.PUBLIC_URL)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(options.exp - 900)
    .setExpirationTime(options.exp)
    .sign(options.key ?? (await t.ctx.keys.signing.signingKey()).privateKey);
}

async function credentials(t: TestApp): Promise<Fixtures['credentials']> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const now = Math.floor(Date.now() / 1000);
  const alice = await t.tokenFor('alice');
  const valid = await signedAs(t, { exp: now + 600 });
  const foreign = await generateKeyPair('ES256');
  return {
    none: {},
    alice: bearer(alice),
    bob: bearer(await t.tokenFor('bob')),
    dave: bearer(await t.tokenFor('dave')),
    heidi: bearer(await t.tokenFor('heidi')),
    ghost: bearer(await t.tokenFor({ kind: 'citizen', citizenId: randomUUID(), username: 'ghost' })),
    guest: bearer(await t.tokenFor(guest)),
    machine: bearer(
      await t.tokenFor(machine('charities', 'content', 'flows', 'graphs', 'identity', 'payments', 'social', 'users')),
    ),
    machineWrongScope: bearer(await t.tokenFor(machine('payments'))),
    expired: bearer(await signedAs(t, { exp: now - 60 })),
    badSignature: bearer(`${valid.slice(0, -6)}${valid.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`),
    foreignKey: bearer(await signedAs(t, { exp: now + 600, key: foreign.privateKey })),
    garbage: bearer('abc.def.ghi'),
    notAJwt: bearer('x'.repeat(8000)),
    emptyBearer: { authorization: 'Bearer ' },
    basic: { authorization: 'Basic YWxpY2U6cw==' },
    aliceCookie: { cookie: `civitas_citizen_token=${alice}` },
    aliceCookieCrossSite: { cookie: `civitas_citizen_token=${alice}`, origin: 'https://evil.example' },
    garbageCookie: { cookie: 'civitas_citizen_token=%E0%A4%A; civitas_guest_token=\u00ff; civitas_refresh_token=..' },
  };
}

/** Seeds the content the requests refer to and collects the ids and tokens the generator draws from. */
export async function hostileFixtures(t: TestApp): Promise<Fixtures> {
  const { alice, bob, carol } = t.world.citizens;
  const posts = [
    await t.newPost({ authorId: alice.id, caption: 'Hills at dawn #landscape with @bob', mentionIds: [bob.id] }),
    await t.newPost({ authorId: alice.id, caption: 'More #landscape' }),
    await t.newPost({ authorId: alice.id, caption: 'Friends only #landscape', sharing: 'private' }),
    await t.newPost({ authorId: bob.id, caption: 'Bread #baking' }),
    await t.newPost({ authorId: bob.id, caption: 'Private bread', sharing: 'private' }),
    await t.newPost({ authorId: carol.id, caption: 'Berlin', sharing: 'private' }),
    await t.newPost({ authorId: alice.id, caption: 'waiting', status: 'awaiting_upload' }),
  ];
  const friendRequests = (await t.ctx.db.selectFrom('friend_requests').select('id').execute()).map((row) => row.id);
  // Alice moderates, so the moderators' calls reach their handlers too (ADR 070); a report for them to act on.
  await grantRole(t.ctx, 'alice', 'moderator');
  const reported = await t.request({
    method: 'POST',
    url: '/api/moderation/v1/reports',
    as: 'bob',
    payload: { subject: { kind: 'post', id: posts[1] }, reason: 'spam', note: 'a report' },
  });
  if (reported.statusCode !== 201) throw new Error(`report: ${reported.body}`);
  const reportId = reported.json().id as string;
  const initiated = await t.request({
    method: 'POST',
    url: `/api/users/v1/creators-content/${posts[6]}/image-upload/initiate`,
    as: 'alice',
    payload: { fileName: 'photo.jpg', fileSize: 1000, contentType: 'image/jpeg' },
  });
  if (initiated.statusCode !== 201) throw new Error(`initiate: ${initiated.body}`);
  const uploadId = initiated.json().uploadId as string;

  const commented = await t.request({
    method: 'POST',
    url: `/api/users/v1/creators-content/${posts[0]}/comments`,
    as: 'bob',
    payload: { text: 'A comment to aim at, @alice' },
  });
  if (commented.statusCode !== 201) throw new Error(`comment: ${commented.body}`);
  const commentId = commented.json().id as string;

  const continuationTokens: string[] = [];
  for (const [url, as] of [
    ['/api/content/v2/feed/profile/public?size=1', 'alice'],
    ['/api/content/v2/feed/profile/private?size=1', 'alice'],
    [`/api/content/v1/feed/${alice.id}/private?size=1`, 'bob'],
    ['/api/content/v1/feed/hashtags/landscape?size=1', 'bob'],
    [`/api/content/v1/creators-content/${posts[0]}/comments?size=1`, 'bob'],
  ] as const) {
    const page = await t.request({ method: 'GET', url, as });
    const token = page.json().continuationToken;
    if (typeof token === 'string') continuationTokens.push(token);
  }
  if (continuationTokens.length === 0) throw new Error('no feed answered a continuation token');

  return {
    known: {
      uuids: [
        ...Object.values(t.world.citizens).map((citizen) => citizen.id),
        ...posts,
        ...friendRequests,
        uploadId,
        reportId,
        commentId,
      ],
      usernames: Object.keys(t.world.citizens),
    },
    credentials: await credentials(t),
    accepted: {
      none: ['none', 'alice'],
      citizen: ['alice', 'bob', 'dave', 'aliceCookie'],
      citizenOrGuest: ['alice', 'guest', 'heidi'],
      machine: ['machine'],
    },
    continuationTokens,
    coherentParams: [
      { id: posts[6] as string, uploadId, kind: 'image-upload', partNumber: '1' },
      {
        id: posts[0] as string,
        commentId,
        citizenId: bob.id,
        influencerId: alice.id,
        username: 'alice',
        keyword: 'bo',
      },
    ],
  };
}
