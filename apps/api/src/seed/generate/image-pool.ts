import { contentTag } from '../../media/media-store.js';
import type { MediaStorage } from '../../media/storage/media-storage.js';
import {
  type Artwork,
  avatarSvg,
  type PaletteName,
  paletteNames,
  renderJpeg,
  type SceneKind,
  sceneKinds,
  sceneSvg,
} from '../artwork.js';
import { createRandom } from '../random.js';

export interface PoolImage {
  uri: string;
  width: number;
  height: number;
  altText: string;
}

export interface ImagePool {
  posts: PoolImage[];
  avatars: string[];
  covers: string[];
}

const sceneWords: Record<SceneKind, string> = {
  mountains: 'layered mountain ridges under a glowing sky',
  sea: 'a calm sea with the sun low over the horizon',
  city: 'a city skyline with lit windows',
  hills: 'rolling hills dotted with round trees',
  bokeh: 'soft circles of light on a warm gradient',
  waves: 'layered wavy bands of colour',
};

const heights = [1080, 1350, 720] as const;

/**
 * Real pictures for a synthetic dataset: a few dozen images rendered once and shared by all posts (a million
 * files would take hours and gigabytes). Names are content hashes, so re-running reuses the same files.
 */
export async function renderImagePool(files: MediaStorage, seed: string, size: number): Promise<ImagePool> {
  const rnd = createRandom(`${seed}:images`);
  const save = (art: Artwork) => files.put(`generated/${contentTag(art.bytes)}.jpg`, art.bytes);
  const postSpecs = Array.from({ length: size }, (_, i) => ({
    scene: sceneKinds[i % sceneKinds.length] as SceneKind,
    palette: rnd.pick(paletteNames) as PaletteName,
    width: 1080,
    height: rnd.pick(heights),
    seed: `${seed}:image:${i}`,
  }));
  const avatarPalettes = paletteNames.slice(0, Math.min(8, size));
  const coverSpecs = avatarPalettes.slice(0, Math.min(6, size)).map((palette, i) => ({
    scene: sceneKinds[(i + 2) % sceneKinds.length] as SceneKind,
    palette,
    width: 1500,
    height: 500,
    seed: `${seed}:cover:${i}`,
  }));
  const [posts, avatars, covers] = await Promise.all([
    Promise.all(
      postSpecs.map(async (spec) => {
        const art = await renderJpeg(sceneSvg(spec));
        return {
          uri: await save(art),
          width: art.width,
          height: art.height,
          altText: `Illustration: ${sceneWords[spec.scene]}`,
        };
      }),
    ),
    Promise.all(avatarPalettes.map(async (palette) => save(await renderJpeg(avatarSvg(palette))))),
    Promise.all(coverSpecs.map(async (spec) => save(await renderJpeg(sceneSvg(spec))))),
  ]);
  return { posts, avatars, covers };
}
