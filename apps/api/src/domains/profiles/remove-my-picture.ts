import { removeMyProfilePicture } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { swapPicture } from './my-picture.js';
import { myProfileView } from './present.js';

/** No picture of mine: the placeholder shows, and the files of the one I had are deleted. */
export default defineRoute(removeMyProfilePicture, async ({ caller, ctx, request }) =>
  myProfileView(await swapPicture(ctx, caller.citizenId, null, request.log)),
);
