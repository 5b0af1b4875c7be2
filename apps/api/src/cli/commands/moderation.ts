import type { CitizenRole, ModerationAction, ReportReason } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { decide } from '../../domains/moderation/decisions.js';
import { AppError } from '../../http/errors.js';
import { CliError } from '../errors.js';

async function citizenByUsername(ctx: AppContext, username: string): Promise<string> {
  const citizen = await ctx.db
    .selectFrom('citizens')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  if (!citizen) throw new CliError(`No citizen ${username}.`);
  return citizen.id;
}

/**
 * Gives a citizen a role (ADR 070). Roles are read per request, so it takes effect at their next call, on every
 * instance; giving a role they hold changes nothing.
 */
export async function grantRole(ctx: AppContext, username: string, role: CitizenRole): Promise<string> {
  const citizenId = await citizenByUsername(ctx, username);
  await ctx.db
    .insertInto('citizen_roles')
    .values({ citizen_id: citizenId, role, granted_at: ctx.now() })
    .onConflict((conflict) => conflict.columns(['citizen_id', 'role']).doNothing())
    .execute();
  return `${username} is a ${role}.`;
}

/** Takes a role away: their next call on any instance is refused (the role is not in their token). */
export async function revokeRole(ctx: AppContext, username: string, role: CitizenRole): Promise<string> {
  const citizenId = await citizenByUsername(ctx, username);
  const result = await ctx.db
    .deleteFrom('citizen_roles')
    .where('citizen_id', '=', citizenId)
    .where('role', '=', role)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? `${username} is no longer a ${role}.` : `${username} was not a ${role}.`;
}

export interface ModerateOptions {
  action: ModerationAction;
  report?: string;
  post?: string;
  comment?: string;
  username?: string;
  reason?: ReportReason;
  note?: string;
}

/**
 * A moderator's decision taken at the admin CLI (logged with no moderator): on a report, or on a post, a comment
 * or a citizen named directly, with the same rules and answers as the API's (domains/moderation/decisions.ts).
 */
export async function moderate(ctx: AppContext, options: ModerateOptions): Promise<string> {
  const target = options.report
    ? { reportId: options.report }
    : options.post
      ? { subject: { kind: 'post' as const, id: options.post }, reason: options.reason ?? 'other' }
      : options.comment
        ? { subject: { kind: 'comment' as const, id: options.comment }, reason: options.reason ?? 'other' }
        : {
            subject: { kind: 'citizen' as const, id: await citizenByUsername(ctx, options.username as string) },
            reason: options.reason ?? 'other',
          };
  try {
    const entry = await decide(ctx, { action: options.action, note: options.note ?? '', target, moderatorId: null });
    return `${entry.action}: ${entry.subject_kind} ${entry.subject_id} (logged as ${entry.id}).`;
  } catch (error) {
    if (error instanceof AppError) throw new CliError(`${error.message}.`);
    throw error;
  }
}
