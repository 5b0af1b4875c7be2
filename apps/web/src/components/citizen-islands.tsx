'use client';

import dynamic from 'next/dynamic';

/*
 * Islands only a citizen's page renders, where a guest's version of the same route is plain server components
 * (ADR 023). Imported here through `next/dynamic`, so a route lists their code only where they are rendered: a
 * guest's post page and profile load none of it.
 */

export const CitizenProfile = dynamic(() =>
  import('./profile/citizen-profile').then((module) => module.CitizenProfile),
);

export const FollowAuthorIsland = dynamic(() =>
  import('./post-detail/follow-author-island').then((module) => module.FollowAuthorIsland),
);

/** The "…" menu on another citizen's post (ADR 071); its dialogs load when an item is chosen. */
export const MoreMenu = dynamic(() => import('./safety/more-menu').then((module) => module.MoreMenu));
