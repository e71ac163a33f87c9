import type { Image, ImageUrlSchema } from '@post/contracts/images';
import type { z } from 'zod';

type Urls = z.infer<typeof ImageUrlSchema>[];
const srcSet = (urls: Urls) => urls.map((u) => `${u.url} ${u.width}w`).join(', ');

/**
 * A processed photo: AVIF, then WebP, then JPEG, each in every width, so the browser fetches the
 * smallest file that fills `sizes`. Width and height are set so nothing shifts while it loads.
 * `priority` marks the largest picture above the fold (eager, fetchpriority high); `eager` a
 * small one always in view (the header's logo: loaded at once, at normal priority); every other
 * one loads lazily.
 */
export function Picture({
  image,
  alt,
  sizes,
  priority = false,
  eager = false,
  className,
}: {
  image: Image;
  alt: string;
  sizes: string;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}) {
  const fallback = image.urls.jpeg[image.urls.jpeg.length - 1]!;
  return (
    <picture data-slot="picture">
      <source type="image/avif" srcSet={srcSet(image.urls.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image.urls.webp)} sizes={sizes} />
      <img
        src={fallback.url}
        srcSet={srcSet(image.urls.jpeg)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority || eager ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'auto' : 'async'}
        className={className}
      />
    </picture>
  );
}
