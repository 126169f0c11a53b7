import { Image, type ImageProps } from '@chakra-ui/react';
import { useState } from 'react';
import { apiBase } from '../../api/api-base.ts';

export const fallbackImageSrc = '/images/product-fallback.svg';

/**
 * Where a product image is loaded from: the API stores a path relative to the API base
 * ('images/{id}'); a product created offline may carry a blob: or data: URL until it syncs.
 */
export function productImageSrc(image: string | null | undefined): string {
  if (!image) return fallbackImageSrc;
  if (/^(blob:|data:|https?:|\/)/.test(image)) return image;
  return `${apiBase}/${image}`;
}

/** A product photo that falls back to the drawn placeholder when missing or broken. */
export function ProductImage({
  image,
  alt,
  ...props
}: { image: string | null | undefined; alt: string } & Omit<ImageProps, 'src' | 'alt'>) {
  const src = productImageSrc(image);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? fallbackImageSrc : src;
  return (
    <Image
      src={shown}
      alt={alt}
      loading="lazy"
      objectFit="cover"
      bg="bg.muted"
      onError={() => {
        if (shown !== fallbackImageSrc) setFailedSrc(src);
      }}
      {...props}
    />
  );
}
