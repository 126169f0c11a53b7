import { describe, expect, it } from 'vitest';
import { bodyHash, canonicalJson } from './idempotency-key.ts';

describe('canonicalJson and bodyHash', () => {
  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, 2] }, b: 1 }),
    );
    expect(bodyHash({ productId: 'p', quantity: 2 })).toBe(
      bodyHash({ quantity: 2, productId: 'p' }),
    );
  });

  it('tells different bodies apart', () => {
    expect(bodyHash({ productId: 'p', quantity: 2 })).not.toBe(
      bodyHash({ productId: 'p', quantity: 3 }),
    );
    expect(bodyHash({ quantity: '2' })).not.toBe(bodyHash({ quantity: 2 }));
    expect(bodyHash([1, 2])).not.toBe(bodyHash([2, 1]));
  });

  it('drops undefined members like JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(bodyHash(undefined)).toBe(bodyHash(null));
  });

  it('hashes file bytes by content', () => {
    const same = canonicalJson({ image: new Uint8Array([1, 2, 3]) });
    expect(canonicalJson({ image: Buffer.from([1, 2, 3]) })).toBe(same);
    expect(canonicalJson({ image: new Uint8Array([1, 2, 4]) })).not.toBe(same);
  });
});
