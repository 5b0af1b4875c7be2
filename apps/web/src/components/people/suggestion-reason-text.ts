import type { SuggestedCreatorView } from '@civitas/contract';

/** The `People.reason` messages a reason reads from. */
type ReasonKey = 'followedBy' | 'followedByPeopleYouFollow' | 'friendOfFriends' | 'sameCountry' | 'popular';

/**
 * Why someone is suggested, in words (ADR 007's reasons). "Followed by alice and bob" names the people behind
 * the suggestion in the interface language's list form (`list`: Intl.ListFormat's conjunction, "alice, bob
 * and carol" / "alice, bob und carol").
 */
export function suggestionReasonText(
  { reason, via }: Pick<SuggestedCreatorView, 'reason' | 'via'>,
  t: (key: ReasonKey, values?: { names: string }) => string,
  list: (items: string[]) => string,
): string {
  switch (reason) {
    case 'followed_by_people_you_follow':
      return via.length > 0 ? t('followedBy', { names: list(via) }) : t('followedByPeopleYouFollow');
    case 'friend_of_friends':
      return t('friendOfFriends');
    case 'same_country':
      return t('sameCountry');
    case 'popular':
      return t('popular');
  }
}
