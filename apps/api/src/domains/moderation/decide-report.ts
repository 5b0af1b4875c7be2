import { decideReport } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { decide } from './decisions.js';
import { logNames } from './log-names.js';
import { logEntryView } from './present.js';

/** A moderator's decision on a report's subject (the role is checked before this runs: http/auth/roles.ts). */
export default defineRoute(decideReport, async ({ params, body, caller, ctx }) => {
  const entry = await decide(ctx, {
    action: body.action,
    note: body.note,
    target: { reportId: params.id },
    moderatorId: caller.citizenId,
  });
  return logEntryView(entry, await logNames(ctx, [entry]));
});
