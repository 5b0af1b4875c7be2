/** A registered person. Counters are kept on the row and changed in the same transaction as the edge they count. */
export interface CitizensTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique, case-insensitive key. */
  username_key: string;
  display_name: string;
  /** Lower-cased display name, for prefix search. */
  display_name_key: string;
  email: string | null;
  email_key: string | null;
  password_hash: string | null;
  email_verified_at: number | null;
  /**
   * Set from sign-up until the email is confirmed: a pending account is seen by nobody else and removed at this
   * time (ADR 053). Null for confirmed and seeded accounts.
   */
  pending_until: number | null;
  /** When the account was last signed out everywhere (a password reset): older access tokens stop at once. */
  signed_out_at: number | null;
  /** Set while a moderator's suspension stands: seen by nobody, signed in nowhere (ADR 070). */
  suspended_at: number | null;
  bio: string;
  profile_picture_uri: string | null;
  cover_picture_uri: string | null;
  country: string;
  language: string;
  followers_count: number;
  following_count: number;
  friends_count: number;
  posts_count: number;
  created_at: number;
  updated_at: number;
}
