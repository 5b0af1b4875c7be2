import { describe, expect, it } from 'vitest';
import { fitLongSide, fitShortSide, hlsLadder } from './hls-ladder.js';

describe('hlsLadder', () => {
  it('gives 1080p sources 720p and 360p, 720p sources 360p, never upscaling', () => {
    expect(hlsLadder(1080)).toEqual({ copy: 1080, scaled: [720, 360] });
    expect(hlsLadder(720)).toEqual({ copy: 720, scaled: [360] });
    expect(hlsLadder(480)).toEqual({ copy: 480, scaled: [360] });
    // 360 is not clearly smaller than 384: half the size instead.
    expect(hlsLadder(384)).toEqual({ copy: 384, scaled: [192] });
    expect(hlsLadder(240)).toEqual({ copy: 240, scaled: [120] });
  });

  it('keeps the aspect ratio with even sides, for portrait videos too', () => {
    expect(fitLongSide(3840, 2160, 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitLongSide(1080, 1920, 1920)).toEqual({ width: 1080, height: 1920 });
    expect(fitLongSide(1279, 719, 1920)).toEqual({ width: 1280, height: 720 });
    expect(fitShortSide(1080, 1920, 720)).toEqual({ width: 720, height: 1280 });
    expect(fitShortSide(1920, 800, 360)).toEqual({ width: 864, height: 360 });
  });
});
