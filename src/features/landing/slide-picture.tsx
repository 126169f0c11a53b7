import {
  slideFormats,
  slideSrc,
  slideSrcSet,
  slideWidths,
  slideHeight,
  type SlideId,
} from './slides.ts';
import './slide-picture.css';

const largest = slideWidths[slideWidths.length - 1] ?? 1600;

export interface SlidePictureProps {
  id: SlideId;
  alt: string;
  /** CSS `sizes` for the layout the picture sits in. */
  sizes: string;
  /** The hero image: fetched eagerly with high priority; every other picture is lazy. */
  priority?: boolean;
}

/**
 * A generated illustration as <picture>: AVIF, then WebP, then JPEG, each in 480/960/1600 widths.
 * width/height give the browser the 16:9 ratio before the file arrives (no layout shift).
 */
export function SlidePicture({ id, alt, sizes, priority = false }: SlidePictureProps) {
  return (
    <picture>
      {slideFormats.map((format) => (
        <source
          key={format.ext}
          type={format.type}
          srcSet={slideSrcSet(id, format.ext)}
          sizes={sizes}
        />
      ))}
      <img
        className="slide-picture__img"
        src={slideSrc(id, 960, 'jpg')}
        srcSet={slideSrcSet(id, 'jpg')}
        sizes={sizes}
        width={largest}
        height={slideHeight(largest)}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
      />
    </picture>
  );
}
