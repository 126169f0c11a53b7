// What a tablet keeps of the orders list (decision 0035, a bounded tablet) and how the Orders
// page names an older period to read online.

/**
 * Days of orders a tablet keeps in its mirror unless it chose otherwise, and the choices it is
 * offered (decision 0035: a bounded tablet). Older orders are read online when asked for.
 */
export const ordersKeptDays = { default: 90, choices: [30, 90, 180, 365] } as const;

/**
 * The most orders a tablet keeps per department, the newest, however busy the window was: with
 * 10,000 products this bounds the mirror near 8 MB of IndexedDB (issue 24 measured 8 MB at
 * 10,000 orders), within the 10 MB a tablet may use. Orders waiting to sync are kept beyond it.
 */
export const ordersKeptMax = 10_000;

/**
 * A month as an `<input type="month">` gives it ('2026-08') as [start, end) in the device's local
 * time, like the Orders page's tabs (`orderPeriodRange`); undefined for anything else.
 */
export function monthRange(text: string): { start: Date; end: Date } | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  if (month < 0 || month > 11) return undefined;
  return { start: new Date(year, month, 1), end: new Date(year, month + 1, 1) };
}

/** The month holding `instant`, in local time, as an `<input type="month">` value ('2026-08'). */
export function monthOf(instant: Date): string {
  return `${instant.getFullYear()}-${String(instant.getMonth() + 1).padStart(2, '0')}`;
}
