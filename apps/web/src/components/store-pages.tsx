'use client';

import dynamic from 'next/dynamic';

/*
 * The citizens' versions of pages a guest gets as server components (ADR 018). Imported here through
 * `next/dynamic`, so their code (and the store's) is fetched only where they are rendered: a guest's page
 * lists none of it; a citizen's server render still includes them, and their chunks are preloaded with it.
 */

export const CitizenPostDetail = dynamic(() => import('./post-detail/citizen-post-detail'));

export const CitizenProfilePage = dynamic(() => import('./profile/citizen-profile-page'));
