import {
  type CitizenRole,
  CLIENT_ID_PATTERN,
  LanguageCode,
  type MachineScope,
  ModerationAction,
  machineScopes,
  ReportReason,
} from '@civitas/contract';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { type Config, loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import {
  parseCount,
  parseCountries,
  parseCountry,
  parseId,
  parseSeconds,
  parseTime,
  parseUsername,
} from './arguments.js';
import { assertMintingAllowed, type TokenRequest } from './commands/mint-token.js';
import type { ModerateOptions } from './commands/moderation.js';
import { CliError, describeFailure, EXIT_USAGE } from './errors.js';
import { type GenerateFlags, generateInput } from './generate-flags.js';
import type { CliIo } from './io.js';

// Commands and the database layer are imported when a command runs, so help, argument errors and refusals
// answer at once without loading the database drivers or the image library.
const commands = {
  analytics: () => import('./commands/analytics.js'),
  backup: () => import('./commands/backup.js'),
  createUser: () => import('./commands/create-user.js'),
  generate: () => import('./commands/generate.js'),
  jobs: () => import('./commands/jobs.js'),
  migrate: () => import('./commands/migrate.js'),
  moderation: () => import('./commands/moderation.js'),
  recountHashtags: () => import('./commands/recount-hashtags.js'),
  restrictFriendsMedia: () => import('./commands/restrict-friends-media.js'),
  mintToken: () => import('./commands/mint-token.js'),
  registerClient: () => import('./commands/register-client.js'),
  restore: () => import('./commands/restore.js'),
  rotateKeys: () => import('./commands/rotate-keys.js'),
  seed: () => import('./commands/seed.js'),
  stage: () => import('./commands/stage.js'),
};

/** The server's configuration, read from the same environment; a bad value is a clear error. */
function configFrom(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

function parseScopes(value: string): MachineScope[] {
  const scopes = value.split(',').map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !(machineScopes as readonly string[]).includes(scope));
  if (unknown.length > 0 || scopes.length === 0) {
    throw new InvalidArgumentError(`Unknown scope ${unknown.join(', ')}; choose from ${machineScopes.join(', ')}.`);
  }
  return [...new Set(scopes)] as MachineScope[];
}

function parseClientId(value: string): string {
  if (!CLIENT_ID_PATTERN.test(value)) {
    throw new InvalidArgumentError('Use 3 to 100 letters, digits, dots, dashes or underscores, e.g. partner-app.');
  }
  return value;
}

function parseRole(value: string): CitizenRole {
  if (value !== 'moderator') throw new InvalidArgumentError('The only role is moderator.');
  return value;
}

function parseAction(value: string): ModerationAction {
  const parsed = ModerationAction.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(`Choose one of ${ModerationAction.options.join(', ')}.`);
  return parsed.data;
}

function parseLanguage(value: string) {
  const parsed = LanguageCode.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(`Choose one of ${LanguageCode.options.join(', ')}.`);
  return parsed.data;
}

function buildProgram(io: CliIo): Command {
  // Every command reads the server's configuration and opens the same database the server uses.
  const inContext =
    <A extends unknown[]>(
      work: (ctx: AppContext, ...args: A) => Promise<string>,
      /** Checks that need no database: a refusal or bad input ends the command before it opens one. */
      before?: (config: Config, args: NoInfer<A>) => unknown,
    ) =>
    async (...args: A) => {
      const config = configFrom(io.env);
      before?.(config, args);
      const { withContext } = await import('./session.js');
      io.out(await withContext(config, (ctx) => work(ctx, ...args)));
    };

  const program = new Command('civitas')
    .description(
      'Civitas admin: migrate, seed demo data, generate a dataset, create users, mint dev tokens, rotate signing keys, curate the stage, give roles and take moderation decisions, report and erase analytics, list and retry failed media jobs, back up and restore.',
    )
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');

  program
    .command('migrate')
    .description('Apply pending database migrations (DATABASE_URL, else SQLite in DATA_DIR).')
    .action(inContext(async (ctx) => (await commands.migrate()).migrateCommand(ctx)));

  program
    .command('seed')
    .description('Seed the demo world (alice … heidi) with pictures, posts, likes and stage entries. Idempotent.')
    .option('--force', 'add the demo world even if the database already has other citizens')
    .action(inContext(async (ctx, options: { force?: boolean }) => (await commands.seed()).seedCommand(ctx, options)));

  program
    .command('generate')
    .description('Write a large synthetic dataset in one transaction (deterministic for a given --seed and --until).')
    .option('--citizens <n>', 'citizens', parseCount, 1_000)
    .option('--posts <n>', 'posts', parseCount, 10_000)
    .option('--likes <n>', 'likes', parseCount, 50_000)
    .option('--follows <n>', 'follow edges (default: 10 per citizen)', parseCount)
    .option('--friendships <n>', 'friendships (default: 1 per citizen)', parseCount)
    .option('--seed <text>', 'random seed', 'civitas')
    .option('--until <time>', 'newest time in the data, ISO or epoch ms (default: now)', parseTime)
    .option('--images <n>', 'distinct post images to render and share', parseCount, 24)
    .action(
      inContext(
        async (ctx, flags: GenerateFlags) =>
          (await commands.generate()).generateCommand(ctx, generateInput(flags, ctx.config), io.err),
        (config, [flags]) => generateInput(flags, config),
      ),
    );

  program
    .command('create-user')
    .description('Create a citizen (no password: sign in by emailed code, or mint-token in development).')
    .requiredOption('--username <name>', '3–30 letters, digits or underscores', parseUsername)
    .requiredOption('--display-name <name>', 'shown name, up to 60 characters')
    .requiredOption('--country <code>', 'two-letter country code, e.g. GB', parseCountry)
    .option('--email <address>', 'email address (marked verified)')
    .option('--language <code>', 'UI language', parseLanguage)
    .action(
      inContext(async (ctx, options: { username: string; displayName: string; country: string; email?: string }) => {
        const user = await (await commands.createUser()).createUser(ctx, options);
        return `Created citizen ${user.username} (${user.id}).`;
      }),
    );

  program
    .command('mint-token')
    .description('Print an access token signed with this server’s keys. Development only: refused in production.')
    .addOption(new Option('--username <name>', 'a citizen token for this citizen').argParser(parseUsername))
    .addOption(new Option('--guest', 'a guest token').conflicts(['username', 'machine']))
    .addOption(new Option('--machine', 'an app (machine) token; needs --scopes').conflicts(['username']))
    .option('--scopes <list>', `machine scopes, comma separated: ${machineScopes.join(',')}`, parseScopes)
    .option('--ttl <seconds>', 'lifetime in seconds', parseSeconds, 86_400)
    .action(
      inContext(
        async (
          ctx,
          options: { username?: string; guest?: boolean; machine?: boolean; scopes?: MachineScope[]; ttl: number },
        ) => {
          let request: TokenRequest;
          if (options.username) request = { kind: 'citizen', username: options.username };
          else if (options.guest) request = { kind: 'guest' };
          else if (options.machine && options.scopes) request = { kind: 'machine', scopes: options.scopes };
          else if (options.machine)
            throw new CliError('--machine needs --scopes, e.g. --scopes content,social', EXIT_USAGE);
          else
            throw new CliError('Say whose token: --username <name>, --guest or --machine --scopes <list>', EXIT_USAGE);
          if (options.scopes && request.kind !== 'machine')
            throw new CliError('--scopes goes with --machine', EXIT_USAGE);
          return (await commands.mintToken()).mintToken(ctx, request, options.ttl);
        },
        assertMintingAllowed,
      ),
    );

  program
    .command('register-client')
    .description('Register a machine client (client credentials) and print its secret, once.')
    .requiredOption('--id <id>', '3–100 letters, digits, dots, dashes or underscores', parseClientId)
    .requiredOption('--name <name>', 'who or what uses it, up to 100 characters')
    .requiredOption('--scopes <list>', `allowed scopes, comma separated: ${machineScopes.join(',')}`, parseScopes)
    .action(
      inContext(async (ctx, options: { id: string; name: string; scopes: MachineScope[] }) =>
        (await commands.registerClient()).registerClient(ctx, options),
      ),
    );

  program
    .command('rotate-keys')
    .description(
      'Add a new token signing key (every instance signs with it within a minute; older keys keep verifying) and retire keys no valid token can name.',
    )
    .action(inContext(async (ctx) => (await commands.rotateKeys()).rotateKeys(ctx)));

  program
    .command('analytics-report')
    .description('Print analytics events received per day and event name.')
    .option('--days <n>', 'how many days back, today included', parseCount, 7)
    .action(
      inContext(async (ctx, options: { days: number }) =>
        (await commands.analytics()).analyticsReport(ctx, options.days),
      ),
    );

  program
    .command('analytics-erase')
    .description('Delete every analytics event of a citizen (the right to erasure).')
    .requiredOption('--username <name>', 'the citizen', parseUsername)
    .action(
      inContext(async (ctx, options: { username: string }) =>
        (await commands.analytics()).eraseAnalytics(ctx, options.username),
      ),
    );

  program
    .command('recount-hashtags')
    .description(
      "Set every hashtag's count from the posts themselves (public, published, not deleted): after a rolling upgrade across migration 009, or to repair drift.",
    )
    .action(inContext(async (ctx) => (await commands.recountHashtags()).recountHashtagsCommand(ctx)));

  program
    .command('restrict-friends-media')
    .description(
      "Bring friends-only posts' files stored before ADR 075 under the media route's check: on object storage, move them out of the bucket's public prefix and point their posts at this server. Safe to run again.",
    )
    .action(inContext(async (ctx) => (await commands.restrictFriendsMedia()).restrictFriendsMediaCommand(ctx)));

  program
    .command('jobs-failed')
    .description('List failed media jobs (the dead letter): post, failure code and message, attempts, when.')
    .action(inContext(async (ctx) => (await commands.jobs()).listFailedJobs(ctx)));

  program
    .command('jobs-retry')
    .description('Send failed media jobs back to the queue, their posts back to processing (if the upload is kept).')
    .addOption(new Option('--job <id>', 'the failed job (an id from jobs-failed)').argParser(parseId))
    .addOption(new Option('--all', 'every failed job').conflicts(['job']))
    .action(
      inContext(
        async (ctx, options: { job?: string; all?: boolean }) =>
          (await commands.jobs()).retryFailedJobs(ctx, {
            ...(options.job ? { jobId: options.job } : {}),
            ...(options.all ? { all: true } : {}),
          }),
        (_config, [options]) => {
          if (!options.job && !options.all) throw new CliError('Say which: --job <id> or --all', EXIT_USAGE);
        },
      ),
    );

  // Backup and restore open the database themselves: a backup must not migrate or create anything, and a
  // restore needs the target empty, before createContext would make tables and keys there.
  program
    .command('backup')
    .description('Back up the database, media and keys into a new folder (safe while the server runs).')
    .requiredOption('--to <dir>', 'a new or empty folder')
    .action(async (options: { to: string }) => {
      io.out(await (await commands.backup()).backupCommand(configFrom(io.env), io.env, options.to));
    });

  program
    .command('restore')
    .description('Restore a backup folder into an empty DATA_DIR and database (never over existing data).')
    .requiredOption('--from <dir>', 'a folder written by civitas backup')
    .action(async (options: { from: string }) => {
      io.out(await (await commands.restore()).restoreCommand(configFrom(io.env), io.env, options.from));
    });

  for (const [name, describe, run] of [
    ['grant-role', 'Give a citizen a role (moderator): it takes effect at their next call (ADR 070).', 'grantRole'],
    ['revoke-role', 'Take a role away from a citizen: their next call is refused.', 'revokeRole'],
  ] as const) {
    program
      .command(name)
      .description(describe)
      .requiredOption('--username <name>', 'the citizen', parseUsername)
      .requiredOption('--role <role>', 'the role: moderator', parseRole)
      .action(
        inContext(async (ctx, options: { username: string; role: CitizenRole }) =>
          (await commands.moderation())[run](ctx, options.username, options.role),
        ),
      );
  }

  program
    .command('moderate')
    .description(
      'Take a moderation decision (logged, as the API’s): on a report, or on a post, a comment or a citizen named directly (ADR 070).',
    )
    .requiredOption('--action <action>', `one of ${ModerationAction.options.join(', ')}`, parseAction)
    .addOption(new Option('--report <id>', 'the report decided on').argParser(parseId))
    .addOption(new Option('--post <id>', 'a post, without a report').argParser(parseId).conflicts(['report']))
    .addOption(
      new Option('--comment <id>', 'a comment, without a report (ADR 084)')
        .argParser(parseId)
        .conflicts(['report', 'post']),
    )
    .addOption(
      new Option('--username <name>', 'a citizen, without a report')
        .argParser(parseUsername)
        .conflicts(['report', 'post', 'comment']),
    )
    .addOption(
      new Option(
        '--reason <reason>',
        'the reason shown to a hidden post’s or comment’s author, without a report (default other)',
      ).choices(ReportReason.options),
    )
    .option('--note <text>', 'why, for the log')
    .action(
      inContext(
        async (ctx, options: ModerateOptions) => (await commands.moderation()).moderate(ctx, options),
        (_config, [options]) => {
          if (!options.report && !options.post && !options.comment && !options.username) {
            throw new CliError(
              'Say on what: --report <id>, --post <id>, --comment <id> or --username <name>',
              EXIT_USAGE,
            );
          }
        },
      ),
    );

  for (const [name, describe, run] of [
    ['stage', 'Put a public post on the main stage of some countries (default: its author’s).', 'stageCommand'],
    ['unstage', 'Take a post off the main stage of some countries (default: all).', 'unstageCommand'],
  ] as const) {
    program
      .command(name)
      .description(describe)
      .requiredOption('--post <id>', 'the post id', parseId)
      .option('--countries <list>', 'country codes, comma separated, e.g. GB,DE', parseCountries)
      .action(
        inContext(async (ctx, options: { post: string; countries?: string[] }) =>
          (await commands.stage())[run](ctx, options.post, options.countries),
        ),
      );
  }
  return program;
}

/** Runs one command line (arguments after the program name) and returns the exit code. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  if (args.length === 0) {
    program.outputHelp({ error: true });
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its message already; help and version end well.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    const exitCode = error instanceof CliError ? error.exitCode : 1;
    io.err(`error: ${describeFailure(error, Boolean(io.env.DEBUG))}`);
    return exitCode;
  }
}
