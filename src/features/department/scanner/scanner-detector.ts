import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * What reads barcodes from a camera frame or a photo (issue 15): the browser's own
 * BarcodeDetector where it reads every format a shop prints (Android's Chrome), else the
 * barcode-detector ponyfill on zxing-wasm, whose .wasm comes from our own server (the URL Vite
 * gives the file), never a CDN. Loaded only with the scanner dialog; both are cached by the
 * service worker on first use.
 */
const wantedFormats = [
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'code_128',
  'code_39',
  'qr_code',
] as const;

export interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

let detector: Promise<Detector> | undefined;

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!wantedFormats.every((format) => supported.includes(format))) return null;
    return new Native({ formats: [...wantedFormats] });
  } catch {
    return null;
  }
}

async function createDetector(): Promise<Detector> {
  const native = await nativeDetector();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingReaderWasm : `${prefix}${path}`,
    },
  });
  return new BarcodeDetector({ formats: [...wantedFormats] });
}

/** One detector per page: zxing's module is compiled once. */
export function barcodeDetector(): Promise<Detector> {
  detector ??= createDetector().catch((error: unknown) => {
    detector = undefined;
    throw error;
  });
  return detector;
}

/** The first barcode in the image, trimmed; null when there is none. */
export async function firstBarcode(source: ImageBitmapSource): Promise<string | null> {
  const found = await (await barcodeDetector()).detect(source);
  const text = found.map((symbol) => symbol.rawValue.trim()).find((value) => value !== '');
  return text ?? null;
}
