import type { Config } from '../config.js';
import { type GenerateInput, parseGenerateOptions } from '../seed/generate/options.js';
import { CliError, EXIT_USAGE } from './errors.js';

export interface GenerateFlags {
  citizens: number;
  posts: number;
  likes: number;
  follows?: number;
  friendships?: number;
  seed: string;
  until?: number;
  images: number;
}

/** The generator's input from the command line, checked before any database is opened (bad sizes exit 2). */
export function generateInput(flags: GenerateFlags, config: Config): GenerateInput {
  const input: GenerateInput = {
    citizens: flags.citizens,
    posts: flags.posts,
    likes: flags.likes,
    follows: flags.follows,
    friendships: flags.friendships,
    seed: flags.seed,
    until: flags.until ?? Date.now(),
    imagePool: flags.images,
    autoStageLikes: config.STAGE_AUTO_LIKES,
  };
  try {
    parseGenerateOptions(input);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(error.message, EXIT_USAGE);
    throw error;
  }
  return input;
}
