/**
 * The key that lists names the way people read them: case-insensitively and with numbers by
 * value, so 'Item 2' comes before 'item 10' (issue 14). Plain string comparison of two keys gives
 * that order, which is what lets an IndexedDB index (the products mirror's [department+sortName])
 * hand out pages in it without reading every row.
 *
 * Each digit run (leading zeros dropped) is written as its length in two digits followed by the
 * digits, so a shorter number always sorts first and equal lengths compare digit by digit.
 * Letters are compared after Unicode compatibility folding and lower-casing, so 'Ｉｔｅｍ' and
 * 'item' sit together.
 */
const maxLength = 99;

export function naturalSortKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\d+/g, (digits) => {
      const value = digits.replace(/^0+(?=\d)/, '');
      return `${String(Math.min(value.length, maxLength)).padStart(2, '0')}${value}`;
    });
}

/** Compares two names in natural order (ties: equal keys compare equal). */
export function compareNatural(a: string, b: string): number {
  const left = naturalSortKey(a);
  const right = naturalSortKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
