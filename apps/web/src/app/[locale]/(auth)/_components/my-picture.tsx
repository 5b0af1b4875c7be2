'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { PROFILE_PICTURE_STORAGE_KEY, useGetMeQuery } from '@/client';
import { Avatar } from '@/components/people/avatar';

/**
 * My profile picture in the header, linking to my profile. The picture's address is cached in the browser
 * (spec §3) so it shows at once on the next page load; logout clears it.
 */
export function MyPicture({ label }: { label: string }) {
  const me = useGetMeQuery();
  const [cached, setCached] = useState<string | null>(null);
  useEffect(() => setCached(localStorage.getItem(PROFILE_PICTURE_STORAGE_KEY)), []);
  const uri = me.data ? me.data.profilePictureUri : cached;
  useEffect(() => {
    if (!me.data) return;
    if (me.data.profilePictureUri) localStorage.setItem(PROFILE_PICTURE_STORAGE_KEY, me.data.profilePictureUri);
    else localStorage.removeItem(PROFILE_PICTURE_STORAGE_KEY);
  }, [me.data]);
  return (
    <Link href="/me" aria-label={label}>
      <Avatar uri={uri} alt="" size={32} />
    </Link>
  );
}
