import { promisify } from 'node:util';
import { constants, crc32, deflateRaw as deflateRawCallback, deflateRawSync } from 'node:zlib';

const deflateRaw = promisify(deflateRawCallback);

/**
 * A JSON array body kept as segments (runs of rows), each compressed on its own, so that a change
 * to a few rows re-compresses only their segments (decision 0034) and the gzip body of a new list
 * version is the old segments' bytes with a few replaced.
 *
 * The gzip body is ONE gzip member (RFC 1952), not several glued together (browsers and proxies
 * do not all read multi-member gzip): a 10-byte header, then every segment's raw DEFLATE data,
 * each ended with a sync flush (a non-final empty stored block, so it ends on a byte boundary and
 * the next segment can follow), then the closing `]` as the final block, then the CRC-32 and the
 * length of the whole text. Each segment is compressed without the preceding data as dictionary,
 * so no back-reference crosses a segment: any sequence of such segments is a valid stream (pigz
 * builds its parallel output the same way). The cost is a slightly larger body, since a segment's
 * first bytes cannot refer to the previous segment's (about 5 % at 200 rows a segment, 2.5 % at 500, 10 % at 100).
 *
 * The text is `[` + rows joined by `,` + `]`: the first non-empty segment starts with `[`, every
 * other with `,`; a segment that would start wrongly after the segments before it emptied is
 * encoded again (`prefix` records which it has).
 */
export interface EncodedSegment {
  /** The segment's row ids, in list order. */
  ids: readonly string[];
  /** The JSON text of each row, in list order. */
  texts: readonly string[];
  prefix: '[' | ',';
  /** The segment's text as sent: prefix + texts joined by ','; empty when it holds no row. */
  identity: Buffer;
  /** `identity` as raw DEFLATE ended by a sync flush; empty when it holds no row. */
  deflated: Buffer;
  /** CRC-32 of `identity`, combined into the body's without reading the bytes again. */
  crc: number;
}

/** The whole body of one list version, both encodings. */
export interface AssembledBody {
  /**
   * The gzip member in its parts (header, each segment's deflate, the closing block, trailer),
   * sent one after the other and never joined: a join copied the whole body (megabytes at
   * 50,000 products) for every version, and collecting those copies stalled the event loop
   * (issue 24 item 2).
   */
  gzipParts: readonly Buffer[];
  /** The parts' total length (the Content-Length). */
  gzipLength: number;
  /** The uncompressed bytes, joined on first use (most clients ask for gzip). */
  identity: () => Buffer;
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const closing = Buffer.from(']', 'utf8');
// The final block: `]` compressed and finished. Tiny, so compressed once, here.
const closingDeflated = deflateRawSync(closing);
const closingCrc = crc32(closing);
const emptyArray = Buffer.from('[]', 'utf8');
const emptyArrayDeflated = deflateRawSync(emptyArray);

/** Compresses one segment (in the libuv thread pool: the event loop only waits for it). */
export async function encodeSegment(
  ids: readonly string[],
  texts: readonly string[],
  prefix: '[' | ',',
): Promise<EncodedSegment> {
  if (texts.length === 0) {
    return { ids, texts, prefix, identity: Buffer.alloc(0), deflated: Buffer.alloc(0), crc: 0 };
  }
  const identity = Buffer.from(prefix + texts.join(','), 'utf8');
  const deflated = await deflateRaw(identity, { finishFlush: constants.Z_SYNC_FLUSH });
  return { ids, texts, prefix, identity, deflated, crc: crc32(identity) };
}

/**
 * The segments with each one's prefix right for its place: re-encodes the (rare) segment whose
 * prefix no longer fits because every segment before it emptied, or the first non-empty one
 * after the first segment emptied. Returns the same array when nothing had to change.
 */
export async function withFittingPrefixes(
  segments: readonly EncodedSegment[],
): Promise<EncodedSegment[]> {
  const fitted = [...segments];
  let first = true;
  for (const [index, segment] of segments.entries()) {
    if (segment.texts.length === 0) continue;
    const wanted = first ? '[' : ',';
    first = false;
    if (segment.prefix !== wanted) {
      fitted[index] = await encodeSegment(segment.ids, segment.texts, wanted);
    }
  }
  return fitted;
}

function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return trailer;
}

function lengthOf(parts: readonly Buffer[]): number {
  return parts.reduce((sum, part) => sum + part.length, 0);
}

/** Joins segments whose prefixes fit (withFittingPrefixes) into one gzip member and its text. */
export function assembleBody(segments: readonly EncodedSegment[]): AssembledBody {
  const filled = segments.filter((segment) => segment.texts.length > 0);
  if (filled.length === 0) {
    const gzipParts = [
      gzipHeader,
      emptyArrayDeflated,
      gzipTrailer(crc32(emptyArray), emptyArray.length),
    ];
    return { gzipParts, gzipLength: lengthOf(gzipParts), identity: () => emptyArray };
  }
  const parts = [...filled.map((segment) => segment.identity), closing];
  // Combined from the segments' own CRCs: a new version costs no pass over the whole text.
  let crc = 0;
  let length = 0;
  for (const segment of filled) {
    crc = crc32Combine(crc, segment.crc, segment.identity.length);
    length += segment.identity.length;
  }
  crc = crc32Combine(crc, closingCrc, closing.length);
  length += closing.length;
  const gzipParts = [
    gzipHeader,
    ...filled.map((segment) => segment.deflated),
    closingDeflated,
    gzipTrailer(crc, length),
  ];
  let identity: Buffer | undefined;
  return {
    gzipParts,
    gzipLength: lengthOf(gzipParts),
    identity: () => (identity ??= Buffer.concat(parts, length)),
  };
}

// CRC-32 of A followed by B from crc(A), crc(B) and B's length: zlib's crc32_combine (multiplying
// by x^(8·length) modulo the CRC polynomial, in the reflected bit order zlib uses), which Node
// does not expose.
const crcPolynomial = 0xedb88320;

function multiplyModP(a: number, b: number): number {
  let m = 1 << 31;
  let product = 0;
  let multiplier = b;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= multiplier;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    multiplier = multiplier & 1 ? (multiplier >>> 1) ^ crcPolynomial : multiplier >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const powersOfX: number[] = [];
for (let k = 0, power = 1 << 30; k < 32; k += 1) {
  powersOfX.push(power >>> 0);
  power = multiplyModP(power, power);
}

/** x^(n·2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let product = 1 << 31;
  for (let rest = n, bit = k; rest > 0; rest = Math.floor(rest / 2), bit += 1) {
    if (rest % 2 === 1) product = multiplyModP(powersOfX[bit & 31] ?? 0, product);
  }
  return product >>> 0;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xPowerModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
