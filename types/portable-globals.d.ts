/**
 * The few web-platform APIs domain/ uses, which every runtime it runs in has (a window, the
 * service worker, Node 24) but the ES library does not declare. Only tsconfig.domain.json
 * includes this file, so domain/ can use these and nothing else of the DOM or of Node; the
 * other programs check the same code against the DOM's or Node's own declarations. Declare only
 * what domain/ calls: a new global here must exist in all three runtimes.
 */
declare class URLSearchParams {
  constructor(init?: Record<string, string>);
  toString(): string;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}

type BlobPart = string | ArrayBuffer | ArrayBufferView | Blob;

declare class Blob {
  constructor(parts?: BlobPart[], options?: { type?: string });
  readonly size: number;
  readonly type: string;
}
