import { Image, type ImageProps } from '@chakra-ui/react';
import { useState } from 'react';
import { fallbackImageSrc, productImageSrc } from './product-image-src.ts';

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
