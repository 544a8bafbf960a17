// Issue 16: every photo of a business that has several, below the hero (which keeps the first, §2).
// Thumbnails load lazily in boxes of fixed size (no layout shift); each is a link to the full photo,
// so the keyboard reaches them in order and they work without JavaScript. Photos follow the hero's
// rules: only http(s) addresses, and a photo that fails to load shows the category's default picture
// (then as decoration, no longer a link to a picture that does not load).
import { useEffect, useRef, useState } from 'react';
import type { Business } from '../../../server/contract/business.ts';
import {
  CATEGORY_IMAGE_HEIGHT,
  CATEGORY_IMAGE_WIDTH,
  categoryImagePath,
} from '../../components/business-image/category-image.ts';
import { safeHttpUrl } from '../../format/safe-url.ts';

/** The photos a gallery shows: the safe ones, each once, in the business's order. */
export function galleryPhotos(photos: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const photo of photos) {
    const url = safeHttpUrl(photo);
    if (url) seen.add(url);
  }
  return [...seen];
}

export function PhotoGallery({ business }: { business: Pick<Business, 'name' | 'category' | 'photos'> }) {
  const photos = galleryPhotos(business.photos);
  if (photos.length < 2) return null;
  return (
    <section className="bdetail__section" aria-labelledby="bdetail-photos">
      <h2 id="bdetail-photos">Photos</h2>
      <ul className="bgallery">
        {photos.map((photo, index) => (
          <li key={photo} className="bgallery__item">
            <GalleryPhoto
              photo={photo}
              alt={`${business.name}, photo ${index + 1} of ${photos.length}`}
              fallback={categoryImagePath(business.category)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GalleryPhoto({ photo, alt, fallback }: { photo: string; alt: string; fallback: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // As in BusinessImage: the photo may have failed before hydration attached onError.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  const image = (
    <img
      ref={ref}
      className="bgallery__img"
      src={failed ? fallback : photo}
      alt={failed ? '' : alt}
      width={CATEGORY_IMAGE_WIDTH}
      height={CATEGORY_IMAGE_HEIGHT}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={failed ? undefined : () => setFailed(true)}
    />
  );
  if (failed) return image;
  return (
    <a className="bgallery__link" href={photo} rel="noreferrer nofollow">
      {image}
    </a>
  );
}
