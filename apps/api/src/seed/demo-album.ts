import type { AlbumItemView } from '@civitas/contract';
import type { AppContext } from '../context.js';
import type { MediaReach } from '../media/storage/media-storage.js';
import { renderJpeg, sceneSvg } from './artwork.js';
import { aspectHeights, type DemoPost } from './demo-posts.js';
import { publishPicture } from './publish-picture.js';

/**
 * A demo album's items after its first (ADR 086): each drawn, then made the way an uploaded picture is, into the
 * post's folder beside its first picture, and described as the post's `more_media` holds them.
 */
export async function publishDemoAlbum(
  ctx: AppContext,
  post: DemoPost,
  seed: string,
  folder: string,
  reach: MediaReach,
): Promise<AlbumItemView[]> {
  return Promise.all(
    (post.album ?? []).map(async (item, index) => {
      const art = await renderJpeg(
        sceneSvg({
          scene: item.scene,
          palette: item.palette,
          width: 1080,
          height: aspectHeights[post.aspect],
          seed: `${seed}-item-${index + 1}`,
        }),
      );
      const picture = await publishPicture(ctx, folder, art.bytes, reach, `item-${index + 1}`);
      return {
        mediaType: 'image' as const,
        media: {
          status: 'ready' as const,
          renditions: picture.renditions,
          placeholder: picture.placeholder,
          imageUri: picture.jpegUri,
          coverImageUri: null,
          videoUri: null,
          hlsUri: null,
          width: picture.width,
          height: picture.height,
          altText: item.altText,
        },
      };
    }),
  );
}
