/**
 * Money is whole Tanzanian shillings (integers). Shown as 'Tsh 12,500' in every language: the
 * thousands separator is a comma in both Kiswahili (sw-TZ) and English, and we format by hand so the
 * output does not depend on the ICU data of the browser or of Node.
 */
export const currencyLabel = 'Tsh';

/** Groups the digits of a non-negative integer string in threes: '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * 'Tsh 12,500'. Fractions are rounded to whole shillings (half away from zero); a negative amount
 * reads 'Tsh -12,500'; anything that is not a finite number reads 'Tsh 0'.
 */
export function formatTsh(amount: number): string {
  if (!Number.isFinite(amount)) return `${currencyLabel} 0`;
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount));
  const sign = rounded < 0 ? '-' : '';
  return `${currencyLabel} ${sign}${groupThousands(BigInt(Math.abs(rounded)).toString())}`;
}
