import { maxInflatedBytes, maxZipEntries } from './bulk-upload.ts';

export type ZipInspection =
  | { ok: true; entries: number; inflatedBytes: number }
  | { ok: false; reason: 'not-zip' | 'too-large' };

/**
 * Reads the zip's central directory (never its data) and refuses an archive that would unpack to
 * more than `maxInflatedBytes` or holds more than `maxZipEntries` entries: a zip bomb (a few KB
 * that inflate to gigabytes) is refused before anything is inflated. The unzipper (fflate) sizes
 * each entry's output from the same central directory and never writes past it, so an entry that
 * lies about its size cannot grow beyond what was checked here. ZIP64 archives are refused: a
 * 5 MB spreadsheet never needs them.
 */
export function inspectZip(bytes: Uint8Array): ZipInspection {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocdSize = 22;
  if (bytes.byteLength < eocdSize || view.getUint32(0, true) !== 0x04034b50) {
    return { ok: false, reason: 'not-zip' };
  }
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KB.
  let eocd = -1;
  const lowest = Math.max(0, bytes.byteLength - eocdSize - 0xffff);
  for (let at = bytes.byteLength - eocdSize; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) return { ok: false, reason: 'not-zip' };
  const entries = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || directoryOffset === 0xffffffff)
    return { ok: false, reason: 'too-large' };
  if (entries > maxZipEntries) return { ok: false, reason: 'too-large' };
  if (directoryOffset + directorySize > eocd) return { ok: false, reason: 'not-zip' };
  let at = directoryOffset;
  let inflatedBytes = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > eocd || view.getUint32(at, true) !== 0x02014b50) {
      return { ok: false, reason: 'not-zip' };
    }
    const method = view.getUint16(at + 10, true);
    const uncompressed = view.getUint32(at + 24, true);
    if (method !== 0 && method !== 8) return { ok: false, reason: 'not-zip' };
    if (uncompressed === 0xffffffff) return { ok: false, reason: 'too-large' };
    inflatedBytes += uncompressed;
    if (inflatedBytes > maxInflatedBytes) return { ok: false, reason: 'too-large' };
    at +=
      46 +
      view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return { ok: true, entries, inflatedBytes };
}
