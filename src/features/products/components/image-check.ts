import { detectImageType, maxImageBytes, productMessages } from '../../../../domain/products.ts';

const allowedExtensions = ['png', 'jpg', 'jpeg', 'gif'];
const allowedTypes = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif'];

/**
 * Client-side check of a product image before it is queued (the server checks again by content):
 * png, jpeg/jpg or gif by name/type AND by its first bytes, at most 5 MB. Returns the spec/domain
 * message of the first problem, or null.
 */
export async function checkImageFile(file: Blob & { name?: string }): Promise<string | null> {
  const extension = (file.name ?? '').split('.').pop()?.toLowerCase() ?? '';
  const declaredOk =
    allowedTypes.includes(file.type.toLowerCase()) || allowedExtensions.includes(extension);
  if (!declaredOk) return productMessages.imageType;
  if (file.size > maxImageBytes) return productMessages.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return detectImageType(head) ? null : productMessages.imageType;
}
