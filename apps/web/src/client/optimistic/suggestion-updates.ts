import { graphsApi, relevantPeopleQueries } from '../api/graphs-api';
import { socialApi, suggestionQueries } from '../api/social-api';
import type { Carrier } from './carriers';
import { type MutationLifecycle, settled } from './lifecycle';
import { patchQueries, undoAll } from './patch-queries';
import { type PersonCarrier, removePerson } from './people';

/** Dismiss a suggestion: the person leaves every suggested and relevant list at once, back on failure. */
export async function dismissSuggestionUpdate(
  request: { body: { suggestedProfileId: string } },
  lifecycle: MutationLifecycle<unknown>,
): Promise<void> {
  const personId = request.body.suggestedProfileId;
  const remove = (draft: Carrier<PersonCarrier>) => removePerson(draft, personId);
  const patches = [
    ...patchQueries(socialApi, suggestionQueries, lifecycle.getState(), lifecycle.dispatch, remove),
    ...patchQueries(graphsApi, relevantPeopleQueries, lifecycle.getState(), lifecycle.dispatch, remove),
  ];
  await settled(
    lifecycle,
    () => undefined,
    () => undoAll(patches),
  );
}
