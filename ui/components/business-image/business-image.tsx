// A business's picture: its first photo when that is an http(s) URL, otherwise the category's
// default picture (§2, §9) — and the default picture too when the photo fails to load.
import { useEffect, useRef, useState } from 'react';
import type { Business } from '../../../server/contract/business.ts';
import { safeHttpUrl } from '../../format/safe-url.ts';
import { CATEGORY_IMAGE_HEIGHT, CATEGORY_IMAGE_WIDTH, categoryImagePath } from './category-image.ts';

export interface BusinessImageProps {
  business: Pick<Business, 'name' | 'category' | 'photos'>;
  /** Above the fold (the detail hero, the first cards): load at once, with high priority for the hero. */
  eager?: boolean;
  highPriority?: boolean;
  className?: string;
}

export function BusinessImage({
  business,
  eager = false,
  highPriority = false,
  className,
}: BusinessImageProps) {
  const photo = safeHttpUrl(business.photos[0]);
  const fallback = categoryImagePath(business.category);
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const showPhoto = photo !== undefined && failedPhoto !== photo;

  useEffect(() => {
    // The photo may have failed before React attached onError (the server's HTML loads images before
    // hydration): a finished image with no pixels has failed.
    const img = ref.current;
    if (showPhoto && img?.complete && img.naturalWidth === 0) setFailedPhoto(photo);
  }, [showPhoto, photo]);

  return (
    <img
      ref={ref}
      className={className}
      src={showPhoto ? photo : fallback}
      // A photo is described by the business's name; the default drawing is decoration only.
      alt={showPhoto ? business.name : ''}
      width={CATEGORY_IMAGE_WIDTH}
      height={CATEGORY_IMAGE_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
      fetchPriority={highPriority ? 'high' : undefined}
      // Photos come from other sites: send them no referrer.
      referrerPolicy="no-referrer"
      onError={showPhoto ? () => setFailedPhoto(photo) : undefined}
    />
  );
}
