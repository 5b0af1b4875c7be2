import type { AppContext } from '../../context.js';
import { type GeneratePhase, generateDataset } from '../../seed/generate/generate.js';
import type { GenerateInput } from '../../seed/generate/options.js';

const number = (n: number) => n.toLocaleString('en');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs the generator, printing progress (to stderr) as it goes and a summary with the time taken. */
export async function generateCommand(
  ctx: AppContext,
  input: GenerateInput,
  progress: (line: string) => void,
): Promise<string> {
  const started = Date.now();
  let lastLine = 0;
  const labels: Record<GeneratePhase, string> = {
    images: 'rendering images',
    plan: 'planning the graph',
    citizens: 'citizens',
    follows: 'follows',
    friendships: 'friendships',
    posts: 'posts, likes, hashtags, stage',
    timelines: 'following timelines',
    indexes: 'indexes',
  };
  let lastReport = '';
  const summary = await generateDataset(ctx, input, (phase, done, total) => {
    const now = Date.now();
    // At most a line a second while a phase runs; always its first and last, never the same twice.
    const report = `${phase}:${done}`;
    if (report === lastReport || (done !== 0 && done !== total && now - lastLine < 1000)) return;
    lastLine = now;
    lastReport = report;
    const share = total > 0 ? ` (${Math.floor((done / total) * 100)}%)` : '';
    progress(`[${seconds(now - started)}] ${labels[phase]}: ${number(done)}/${number(total)}${share}`);
  });
  return [
    `Generated ${number(summary.citizens)} citizens, ${number(summary.posts)} posts (${number(summary.privatePosts)} private),`,
    `${number(summary.likes)} likes, ${number(summary.follows)} follows, ${number(summary.friendships)} friendships,`,
    `${number(summary.stageEntries)} stage entries in ${seconds(summary.elapsedMs)}.`,
  ].join(' ');
}
