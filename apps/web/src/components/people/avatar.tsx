/** The placeholders of docs/product.md §2 for a missing profile picture or cover. */
export const PROFILE_PICTURE_PLACEHOLDER = '/placeholders/profile-picture.png';
export const COVER_PLACEHOLDER = '/placeholders/cover.webp';

interface AvatarProps {
  uri: string | null;
  /** Empty when a name beside it already says who it is (the picture is then decoration). */
  alt: string;
  size?: number;
  className?: string;
}

/** A round profile picture, or the placeholder. */
export function Avatar({ uri, alt, size = 40, className }: AvatarProps) {
  return (
    // biome-ignore lint/performance/noImgElement: pictures come from our own media route at their stored size
    <img
      src={uri ?? PROFILE_PICTURE_PLACEHOLDER}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className ? `avatar ${className}` : 'avatar'}
    />
  );
}
