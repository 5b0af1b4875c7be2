import { getMe } from '@civitas/contract';
import { cache } from 'react';
import { readAsCitizen } from './api-read';

/**
 * The signed-in citizen's own profile, read once per request however many parts of the page ask (the
 * header's picture, the stage's country, /me): React's `cache` shares the answer within one render.
 */
export const readMe = cache((token: string) => readAsCitizen(getMe, undefined, token));
