import { z } from 'zod';

const count = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must not be negative`)
    .max(max, `${name} must be at most ${max.toLocaleString('en')}`);

const share = (name: string) =>
  z.number().min(0, `${name} must be between 0 and 1`).max(1, `${name} must be between 0 and 1`);

export const GenerateOptionsSchema = z
  .object({
    citizens: count('citizens', 10_000_000).min(2, 'citizens must be at least 2'),
    posts: count('posts', 100_000_000),
    likes: count('likes', 1_000_000_000),
    /** Follow edges; defaults to ten per citizen. */
    follows: count('follows', 1_000_000_000).optional(),
    /** Friendships (pairs); defaults to one per citizen. */
    friendships: count('friendships', 100_000_000).optional(),
    seed: z.string().min(1).default('civitas'),
    /** Newest time in the dataset (epoch ms); with the seed it fixes every row, ids included. */
    until: z.number().int().positive(),
    /** Share of posts shared with friends only. */
    privateShare: share('privateShare').default(0.2),
    /** Share of public posts curated onto their author's country stage. */
    curatedShare: share('curatedShare').default(0.02),
    /** A public post enters its author's country stage with this many likes (the server's automatic rule). */
    autoStageLikes: z.number().int().min(1).default(3),
    /** How many distinct pictures the posts share. */
    imagePool: z.number().int().min(1).max(200).default(24),
  })
  .transform((options) => {
    const pairs = (options.citizens * (options.citizens - 1)) / 2;
    return {
      ...options,
      follows: options.follows ?? Math.min(options.citizens * 10, Math.floor(pairs / 2)),
      friendships: options.friendships ?? Math.min(options.citizens, Math.floor(pairs / 4)),
    };
  })
  .superRefine((options, issues) => {
    const others = options.citizens - 1;
    if (options.likes > options.posts * others) {
      issues.addIssue({
        code: 'custom',
        path: ['likes'],
        message: `${options.likes} likes do not fit: each post can have at most ${others} (one per other citizen)`,
      });
    }
    if (options.follows > (options.citizens * others) / 2) {
      issues.addIssue({ code: 'custom', path: ['follows'], message: 'follows must be at most half of all pairs' });
    }
    if (options.friendships > (options.citizens * others) / 4) {
      issues.addIssue({
        code: 'custom',
        path: ['friendships'],
        message: 'friendships must be at most a quarter of all pairs',
      });
    }
  });

export type GenerateInput = z.input<typeof GenerateOptionsSchema>;
export type GenerateOptions = z.output<typeof GenerateOptionsSchema>;

/** Validated options, or a message a person can act on. */
export function parseGenerateOptions(input: GenerateInput): GenerateOptions {
  const parsed = GenerateOptionsSchema.safeParse(input);
  if (!parsed.success) {
    throw new RangeError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  return parsed.data;
}
