import type { Route } from '../../http/route.js';
import { countListRoutes } from './count-lists.js';
import dismissSuggestion from './dismiss-suggestion.js';
import getMutualConnections from './get-mutual-connections.js';
import getMyRelevantCitizens from './get-my-relevant-citizens.js';
import getMyRelevantCreators from './get-my-relevant-creators.js';
import getProfileRelevantCitizens from './get-profile-relevant-citizens.js';
import getProfileRelevantCreators from './get-profile-relevant-creators.js';
import getSuggestedCreators from './get-suggested-creators.js';
import searchMention from './search-mention.js';

/** The people domain's routes; registered by src/routes.ts. */
export const peopleRoutes = [
  searchMention,
  getProfileRelevantCreators,
  getProfileRelevantCitizens,
  getMutualConnections,
  getSuggestedCreators,
  getMyRelevantCreators,
  getMyRelevantCitizens,
  dismissSuggestion,
  ...countListRoutes,
] as Route[];
