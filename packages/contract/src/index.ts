export * from './common.js';
export * from './consent.js';
export * from './endpoint.js';
export * from './error-report-privacy.js';
export * from './media-limits.js';
export * from './preferences.js';
export * from './routes-table.js';
export * from './services/analytics.js';
export * from './services/charities.js';
export * from './services/content.js';
export * from './services/graphs.js';
export * from './services/identity.js';
export * from './services/moderation.js';
export * from './services/notifications.js';
export * from './services/oauth.js';
export * from './services/session.js';
export * from './services/social.js';
export * from './services/uploads.js';
export * from './services/users.js';
export * from './session-rules.js';
export * from './sniff-image.js';
export * from './sniff-video.js';
export * from './text.js';
export * from './text-rules.js';
export * from './views.js';

import { analyticsEndpoints } from './services/analytics.js';
import { charitiesEndpoints } from './services/charities.js';
import { contentEndpoints } from './services/content.js';
import { graphsEndpoints } from './services/graphs.js';
import { identityEndpoints } from './services/identity.js';
import { moderationEndpoints } from './services/moderation.js';
import { notificationsEndpoints } from './services/notifications.js';
import { sessionEndpoints } from './services/session.js';
import { socialEndpoints } from './services/social.js';
import { uploadsEndpoints } from './services/uploads.js';
import { usersEndpoints } from './services/users.js';

/** Every endpoint of the public surface, for the server's route index and the OpenAPI coverage test. */
export const allEndpoints = [
  ...contentEndpoints,
  ...socialEndpoints,
  ...usersEndpoints,
  ...uploadsEndpoints,
  ...graphsEndpoints,
  ...charitiesEndpoints,
  ...identityEndpoints,
  ...sessionEndpoints,
  ...analyticsEndpoints,
  ...moderationEndpoints,
  ...notificationsEndpoints,
] as const;
