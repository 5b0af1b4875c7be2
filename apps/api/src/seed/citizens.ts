import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { writeSearchPrefixes } from '../domains/search/search-terms.js';

export interface NewCitizen {
  username: string;
  displayName: string;
  country: string;
  language?: string;
  email?: string | null;
  /** An argon2id hash; none for seeded accounts that never sign in with a password. */
  passwordHash?: string | null;
  /** Seeded accounts count as verified; sign-up passes false until the emailed code is entered. */
  emailVerified?: boolean;
  /** Sign-up's accounts are pending until their email is confirmed, and removed at this time if it never is. */
  pendingUntil?: number;
  bio?: string;
  profilePictureUri?: string | null;
  coverPictureUri?: string | null;
  createdAt?: number;
}

/** A new citizen's row and the prefixes they are found by (ADR 083). */
export async function insertCitizen(db: Db, citizen: NewCitizen, now: number): Promise<string> {
  const createdAt = citizen.createdAt ?? now;
  const id = newId(createdAt);
  await db
    .insertInto('citizens')
    .values({
      id,
      username: citizen.username,
      username_key: citizen.username.toLowerCase(),
      display_name: citizen.displayName,
      display_name_key: citizen.displayName.toLowerCase(),
      email: citizen.email ?? null,
      email_key: citizen.email?.toLowerCase() ?? null,
      password_hash: citizen.passwordHash ?? null,
      email_verified_at: citizen.email && citizen.emailVerified !== false ? createdAt : null,
      pending_until: citizen.pendingUntil ?? null,
      bio: citizen.bio ?? '',
      profile_picture_uri: citizen.profilePictureUri ?? null,
      cover_picture_uri: citizen.coverPictureUri ?? null,
      country: citizen.country.toUpperCase(),
      language: citizen.language ?? 'en',
      followers_count: 0,
      following_count: 0,
      friends_count: 0,
      posts_count: 0,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await writeSearchPrefixes(db, { id, username: citizen.username, displayName: citizen.displayName, followers: 0 });
  return id;
}
