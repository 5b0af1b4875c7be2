import type Sharp from 'sharp';
import { loadSharp } from './sharp-setup.js';

/** The long side of the placeholder: enough for a soft impression of the colours, small enough to inline. */
const PLACEHOLDER_SIDE = 16;

/**
 * A tiny blurred WebP as a data URI (about 100-200 bytes of base64), painted by the browser as a background
 * behind the picture while it loads. Chosen over blurhash and thumbhash because it needs no decoder script.
 */
export async function makePlaceholder(raw: Buffer, info: Sharp.Raw): Promise<string> {
  const sharp = await loadSharp();
  const tiny = await sharp(raw, { raw: info })
    .resize(PLACEHOLDER_SIDE, PLACEHOLDER_SIDE, { fit: 'inside' })
    .blur(1)
    .webp({ quality: 40, effort: 6, smartSubsample: false })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
}
