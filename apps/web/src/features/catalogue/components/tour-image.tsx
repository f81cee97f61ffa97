import { imageSrcSet, imageUrl } from '@portal/contract/plain';
import type { ImageRef } from '@portal/contract';
import classes from './catalogue.module.css';

type TourImageProps = {
  image: ImageRef;
  // the CSS width the image takes at each breakpoint, for the browser to pick from the srcset (SPEC §9: 640–3840)
  sizes: string;
  isPriority?: boolean;
  className?: string;
  alt?: string;
};

export function TourImage({ image, sizes, isPriority = false, className, alt }: TourImageProps) {
  return (
    <img
      className={className ?? classes.img}
      src={imageUrl(image.key, 640)}
      srcSet={imageSrcSet(image.key)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
