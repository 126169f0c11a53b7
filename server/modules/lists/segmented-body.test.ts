import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import {
  assembleBody,
  crc32Combine,
  encodeSegment,
  withFittingPrefixes,
} from './segmented-body.ts';

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => JSON.stringify({ _id: `p${from + index}`, n: from }));

async function segments(...counts: number[]) {
  let next = 0;
  const built = [];
  for (const [index, count] of counts.entries()) {
    const texts = rows(next, count);
    built.push(
      await encodeSegment(
        texts.map((_, row) => `p${next + row}`),
        texts,
        index === 0 ? '[' : ',',
      ),
    );
    next += count;
  }
  return built;
}

describe('a body kept as separately compressed segments', () => {
  it('is one gzip member whose text is the JSON array of every row in order', async () => {
    const body = assembleBody(await segments(3, 1, 4));
    const text = gunzipSync(Buffer.concat(body.gzipParts)).toString('utf8');
    expect(text).toBe(`[${rows(0, 3).join(',')},${rows(3, 1).join(',')},${rows(4, 4).join(',')}]`);
    expect(body.identity().toString('utf8')).toBe(text);
  });

  it("sends the segments' own compressed bytes, uncopied, and counts their length", async () => {
    const built = await segments(3, 1, 4);
    const body = assembleBody(built);
    for (const segment of built) expect(body.gzipParts).toContain(segment.deflated);
    expect(body.gzipLength).toBe(Buffer.concat(body.gzipParts).length);
  });

  it('is an empty array when every segment is empty', async () => {
    const body = assembleBody(await segments(0, 0));
    expect(gunzipSync(Buffer.concat(body.gzipParts)).toString('utf8')).toBe('[]');
    expect(body.identity().toString('utf8')).toBe('[]');
  });

  it('starts with the first non-empty segment once the segments before it emptied', async () => {
    const [first, second, third] = await segments(2, 2, 2);
    if (!first || !second || !third) throw new Error('three segments');
    const emptied = await encodeSegment([], [], first.prefix);
    const fitted = await withFittingPrefixes([emptied, second, third]);
    const text = gunzipSync(Buffer.concat(assembleBody(fitted).gzipParts)).toString('utf8');
    expect(JSON.parse(text)).toHaveLength(4);
    expect(fitted[1]?.prefix).toBe('[');
    expect(fitted[2]).toBe(third);
  });

  it('combines CRC-32s as zlib computes them over the joined bytes', () => {
    const a = Buffer.from('[{"_id":"a","quantity":3}');
    const b = Buffer.from(',{"_id":"b"}]'.repeat(1000));
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(0, crc32(a), a.length)).toBe(crc32(a));
  });
});
