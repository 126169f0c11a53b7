import { z } from 'zod';

/**
 * A number as forms and JSON send it: a JSON number, or a string holding a plain decimal
 * ('12', ' 7 ', '-3', '2.5'); blank means missing (undefined). Anything else, such as '0x10',
 * '1e1', '12abc' or 'Infinity' (which `Number()` would happily read as 16, 10, NaN and Infinity),
 * becomes NaN so the schema refuses it (issue 13: '0x10' used to order 16 units).
 */
const plainDecimal = /^[+-]?\d+(\.\d+)?$/;

export function toNumberInput(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    return plainDecimal.test(trimmed) ? Number(trimmed) : Number.NaN;
  }
  return value ?? undefined;
}

const digits = /^\+?\d+$/;

function toQueryWholeNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return digits.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A whole-number query parameter (a list's `limit`): the one strict reading of every number in a
 * query string. Digits only (a leading '+' allowed; an absent parameter is left to `.default()`),
 * from `min` to `max`;
 * '0x10', '0b11', '1e1', '12abc' and '2.5' are refused with `message`, never read as a number.
 */
export function queryWholeNumber(options: { min: number; max: number; message: string }) {
  const error = options.message;
  return z.preprocess(
    toQueryWholeNumber,
    z.number({ error }).int({ error }).min(options.min, { error }).max(options.max, { error }),
  );
}
