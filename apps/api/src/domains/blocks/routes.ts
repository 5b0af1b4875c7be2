import type { Route } from '../../http/route.js';
import block from './block.js';
import getBlocked from './get-blocked.js';
import getMuted from './get-muted.js';
import mute from './mute.js';
import unblock from './unblock.js';
import unmute from './unmute.js';

/** The blocks domain's routes (blocks and mutes, ADR 069); registered by src/routes.ts. */
export const blocksRoutes = [block, unblock, getBlocked, mute, unmute, getMuted] as Route[];
