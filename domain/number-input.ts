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
