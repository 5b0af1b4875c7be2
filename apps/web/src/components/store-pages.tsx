'use client';

import dynamic from 'next/dynamic';

/*
 * Pages that render from the store where a guest's version is server components (ADR 018): the author's own
 * post page (its caption editor and delete). Imported here through `next/dynamic`, so their code (and the
 * store's) is fetched only where they are rendered: no other page lists any of it.
 */

export const CitizenPostDetail = dynamic(() => import('./post-detail/citizen-post-detail'));
