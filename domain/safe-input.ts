/**
 * What every request's text and JSON must satisfy before any route sees it (issue 13): no U+0000
 * (PostgreSQL cannot store it and answered 500; SQLite stored it), no unpaired UTF-16 surrogate
 * (not valid Unicode: it cannot be encoded as UTF-8 faithfully), and JSON nested at most
 * `maxJsonDepth` deep (deeper bodies overflowed the stack of recursive code such as the
 * idempotency hash). Checked iteratively, so a hostile body cannot overflow the checker itself.
 */
export const maxJsonDepth = 32;

export const safeInputMessages = {
  badCharacters: 'The request contains characters that are not allowed',
  tooDeep: 'The request body is nested too deeply',
} as const;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !unpairedSurrogate.test(text);
}

/** The first problem of a value (parsed JSON, params, query), or undefined when it is safe. */
export function unsafeInputReason(value: unknown, maxDepth = maxJsonDepth): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current === 'string') {
      if (!isSafeText(current)) return safeInputMessages.badCharacters;
    } else if (current !== null && typeof current === 'object') {
      // Binary uploads (Buffers) are checked by their own routes, not as text.
      if (current instanceof Uint8Array) continue;
      if (depth >= maxDepth) return safeInputMessages.tooDeep;
      for (const [key, item] of Object.entries(current)) {
        if (!isSafeText(key)) return safeInputMessages.badCharacters;
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return undefined;
}
