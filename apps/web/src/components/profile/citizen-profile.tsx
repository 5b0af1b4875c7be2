'use client';

import type { ProfileView } from '@civitas/contract';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { type ReactNode, useRef, useState } from 'react';
import { loadStore } from '@/client/lazy-store';
import { afterRelationshipCall, type RelationshipCall, withRequestNamed } from '@/client/optimistic/relationship';
import { useErrorText } from '../error-message';
import { MoreMenu } from '../safety/more-menu';
import { notifyError } from '../toast';
import { ProfileHeader } from './profile-header';
import { ProfileLinks } from './profile-links';
import { ProfileTabs } from './profile-tabs';
import { RelationshipActions } from './relationship-actions';
import { ViewToggle } from './view-toggle';

const FriendsOnlyPosts = dynamic(() => import('./friends-only-posts'));

/**
 * Another person's profile as a citizen sees it: an island over the server's read of the profile (ADR 023).
 * The profile lives in this component's state, so a follow or a friend request shows at once (the same
 * recipes as the store's optimistic updates), the store is loaded then and the call sent through it, and a
 * failure goes back with a toast. A friendship just made opens the friends-only tab without a reload; that
 * tab's feed brings the store with it. `publicPosts` is the server-rendered list of public posts. The "…" menu
 * mutes, blocks and reports (ADR 071).
 */
export function CitizenProfile({ initial, publicPosts }: { initial: ProfileView; publicPosts: ReactNode }) {
  const t = useTranslations('Profile');
  const errorText = useErrorText();
  const [profile, setProfile] = useState(initial);
  const latest = useRef(profile);
  const show = (next: ProfileView) => {
    latest.current = next;
    setProfile(next);
  };
  const act = async (call: RelationshipCall) => {
    const before = latest.current;
    const shown = afterRelationshipCall(before, call, Date.now());
    show(shown);
    // Back to what it was, unless something else has changed it since.
    const undo = () => {
      if (latest.current === shown) show(before);
    };
    try {
      const outcome = await (await loadStore()).changeRelationship(call);
      if (!outcome.ok) {
        undo();
        notifyError(errorText(outcome.error));
      } else if (outcome.friendRequestId && latest.current === shown) {
        show(withRequestNamed(shown, outcome.friendRequestId));
      }
    } catch (error) {
      // The store's code could not be downloaded: nothing was sent.
      undo();
      notifyError(errorText({ status: 'FETCH_ERROR', error: String(error) }));
    }
  };
  const name = profile.displayName;
  const tabs = [
    { id: 'public', label: t('publicTab'), panel: publicPosts },
    ...(profile.isFriends
      ? [
          {
            id: 'friends',
            label: t('friendsTab'),
            panel: <FriendsOnlyPosts citizenId={profile.id} name={name} />,
          },
        ]
      : []),
  ];
  return (
    <>
      <ProfileHeader profile={profile} headingId="profile-name" />
      <RelationshipActions
        profile={profile}
        act={act}
        more={
          <MoreMenu
            subject={{ citizenId: profile.id, username: profile.username }}
            muted={profile.amIMuting}
            onMutedChange={(amIMuting) => show({ ...latest.current, amIMuting })}
          />
        }
      />
      <ProfileLinks username={profile.username} mutual={true} />
      <ProfileTabs label={t('postsLabel', { name })} tabs={tabs} tools={<ViewToggle />} />
    </>
  );
}
