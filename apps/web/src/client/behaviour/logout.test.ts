import { describe, expect, it } from 'vitest';
import { type LogoutEffects, logoutSequence } from './logout';

/** Effects that write down what happened, in order. */
function recorder(server: () => Promise<unknown> = async () => undefined) {
  const steps: string[] = [];
  const effects: LogoutEffects = {
    setSessionLoading: (loading) => steps.push(`loading:${loading}`),
    letWritesThrough: async () => steps.push('writes through'),
    endPushOnThisDevice: async () => steps.push('pushes ended'),
    callServer: async () => {
      steps.push('server');
      return server();
    },
    navigate: (path) => steps.push(`navigate:${path}`),
    clearCachedProfilePicture: () => steps.push('clear picture'),
    resetCachedData: () => steps.push('reset cache'),
  };
  return { steps, effects };
}

/** The whole sequence, in order, when nothing is asked of it (the server call may fail: the rest runs anyway). */
const EVERY_STEP = [
  'loading:true',
  'writes through',
  'pushes ended',
  'server',
  'navigate:/',
  'clear picture',
  'reset cache',
  'loading:false',
];

describe('logout (docs/product.md §4)', () => {
  it('runs the steps in order and goes to "/" by default', async () => {
    const { steps, effects } = recorder();
    await expect(logoutSequence(effects)).resolves.toEqual({ serverConfirmed: true });
    expect(steps).toEqual(EVERY_STEP);
  });

  it('calls the server only once the writes in flight are through', async () => {
    const { steps, effects } = recorder();
    let through: () => void = () => undefined;
    effects.letWritesThrough = () => new Promise<void>((resolve) => (through = resolve));
    const done = logoutSequence(effects);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps).toEqual(['loading:true']);
    through();
    await done;
    expect(steps.slice(0, 3)).toEqual(['loading:true', 'pushes ended', 'server']);
  });

  it('goes where it is asked, or nowhere', async () => {
    const elsewhere = recorder();
    await logoutSequence(elsewhere.effects, { navigateTo: '/goodbye' });
    expect(elsewhere.steps).toContain('navigate:/goodbye');
    const stay = recorder();
    await logoutSequence(stay.effects, { navigateTo: false });
    expect(stay.steps.some((step) => step.startsWith('navigate'))).toBe(false);
  });

  it('clears local state even when the server call fails, and says so', async () => {
    const { steps, effects } = recorder(async () => {
      throw new Error('offline');
    });
    await expect(logoutSequence(effects)).resolves.toEqual({ serverConfirmed: false });
    expect(steps).toEqual(EVERY_STEP);
  });

  it('lowers the loading flag even when a local step throws', async () => {
    const { steps, effects } = recorder();
    effects.resetCachedData = () => {
      throw new Error('broken');
    };
    await expect(logoutSequence(effects)).rejects.toThrow('broken');
    expect(steps.at(-1)).toBe('loading:false');
  });

  it('logs out even when ending the pushes on this device fails', async () => {
    const { steps, effects } = recorder();
    effects.endPushOnThisDevice = async () => {
      throw new Error('the push service is away');
    };
    await expect(logoutSequence(effects)).resolves.toEqual({ serverConfirmed: true });
    expect(steps).toContain('server');
    expect(steps).toContain('reset cache');
  });
});
