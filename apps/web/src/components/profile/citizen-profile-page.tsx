'use client';

import type { ComponentProps } from 'react';
import { StoreProvider } from '@/client/store-provider';
import { CitizenProfile } from './citizen-profile';

/** Another person's profile as a citizen sees it, with the store its live relationship needs. */
export default function CitizenProfilePage(props: ComponentProps<typeof CitizenProfile>) {
  return (
    <StoreProvider>
      <CitizenProfile {...props} />
    </StoreProvider>
  );
}
