import { describe, expect, it } from 'vitest';
import { maxImageBytes, productMessages } from '../../../../domain/products.ts';
import { checkImageFile } from './image-check.ts';

const pngHead = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function file(bytes: number[], name: string, type: string, size?: number): File {
  const data = new Uint8Array(size ?? bytes.length);
  data.set(bytes);
  return new File([data], name, { type });
}

describe('checkImageFile', () => {
  it('accepts a PNG whose content is a PNG', async () => {
    expect(await checkImageFile(file(pngHead, 'drill.png', 'image/png'))).toBeNull();
  });

  it('accepts a .jpg file with JPEG content', async () => {
    expect(await checkImageFile(file([0xff, 0xd8, 0xff, 0xe0], 'saw.jpg', ''))).toBeNull();
  });

  it('rejects other file types by name and type', async () => {
    expect(await checkImageFile(file([1, 2, 3], 'list.pdf', 'application/pdf'))).toBe(
      productMessages.imageType,
    );
  });

  it('rejects a file named like an image whose content is not one', async () => {
    expect(await checkImageFile(file([1, 2, 3, 4], 'fake.png', 'image/png'))).toBe(
      productMessages.imageType,
    );
  });

  it('rejects images over 5 MB', async () => {
    expect(await checkImageFile(file(pngHead, 'big.png', 'image/png', maxImageBytes + 1))).toBe(
      productMessages.imageTooLarge,
    );
  });
});
