import { mediaLimits } from '@civitas/contract';

export const videoLimits = {
  maxDurationMs: mediaLimits.videoMaxSeconds * 1000,
  maxDimension: mediaLimits.videoMaxDimension,
  maxFrameRate: mediaLimits.videoMaxFrameRate,
};
