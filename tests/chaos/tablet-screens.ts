import type { Page } from 'playwright-core';
import type { TabletCountOp, TabletOrderOp, TabletPrintJobOp } from './history.ts';
import { readStores, takeIssued, type IssuedEntry } from './tablet-page.ts';
import type { PrintJobFields, TabletSpec } from './tablet.ts';

/**
 * What a chaos tablet's user does on the real screens: place an order on a product page, submit a
 * print job, count a location's stock. Each returns what the app queued meanwhile (recorded even
 * when the screen then failed) and whether the screen confirmed it.
 */
export async function submitPrintJob(
  page: Page,
  spec: TabletSpec,
  job: PrintJobFields,
): Promise<{ ops: TabletPrintJobOp[]; confirmed: boolean; note: string }> {
  let confirmed = true;
  let note = '';
  try {
    if (new URL(page.url()).pathname !== '/printing') {
      await page.goto('/printing', { waitUntil: 'commit' });
    }
    await page.getByRole('heading', { name: 'Submit Print Work', level: 1 }).waitFor();
    await page.getByLabel('Description').fill(job.description);
    await page.getByLabel('Price per item (Tsh)').fill(String(job.price));
    await page.getByLabel('Quantity').fill(String(job.quantity));
    await page.getByLabel('Contact').fill(job.contact);
    await page.getByLabel('Category').selectOption(job.category);
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await page
      .getByRole('alertdialog', { name: 'Order Submitted Successfully!' })
      .waitFor({ timeout: 15_000 });
  } catch (error) {
    confirmed = false;
    note = String(error).split('\n')[0] ?? '';
  }
  const issued = await takeIssued(page).catch(() => []);
  const ops = issued
    .filter((entry) => entry.kind === 'printing.create')
    .map((entry): TabletPrintJobOp => ({
      tablet: spec.name,
      userId: entry.userId,
      jobId: entry.entityId ?? '',
      quantity: entry.body?.quantity ?? job.quantity,
      price: entry.body?.price ?? job.price,
    }));
  return { ops, confirmed, note };
}

export async function countStock(
  page: Page,
  spec: TabletSpec,
  pickLocation: (locations: string[]) => string,
  counted: (mirrorQuantity: number) => number,
): Promise<{ ops: TabletCountOp[]; confirmed: boolean; note: string }> {
  let confirmed = false;
  let note = '';
  let location = '';
  try {
    await page.goto(`/${spec.department}/counts`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Stock counts', level: 1 }).waitFor();
    const select = page.getByLabel('Location');
    await select.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' });
    const locations = (await select.locator('option').allTextContents()).filter(
      (text) => text !== 'Choose a location',
    );
    location = pickLocation(locations);
    await select.selectOption(location);
    await page.getByRole('button', { name: 'Start count' }).click();
    await page.waitForURL(/\/counts\/[0-9a-f-]{36}$/);
    // Counting opens once the server has taken the snapshot; under faults that may take a
    // while: the count stays on the device and a later step continues it.
    const fields = page.getByLabel(/^Counted quantity of /);
    try {
      await fields.first().waitFor({ timeout: 20_000 });
    } catch {
      note = 'not started by the server yet';
      throw new Error(note);
    }
    const { products = [] } = await readStores(page, ['products']);
    const stock = new Map(
      (products as { name: string; quantity: number; department: string }[])
        .filter((product) => product.department === spec.department)
        .map((product) => [product.name, product.quantity]),
    );
    for (const field of await fields.all()) {
      const label = (await field.getAttribute('aria-label')) ?? '';
      const name = label.replace(/^Counted quantity of /, '');
      await field.fill(String(counted(stock.get(name) ?? 0)));
    }
    await page.getByRole('button', { name: 'Submit count' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit count' }).click();
    await page
      .getByText(/^Count of .* (submitted|saved on this device)/)
      .first()
      .waitFor({ timeout: 15_000 });
    confirmed = true;
  } catch (error) {
    note ||= String(error).split('\n')[0] ?? '';
  }
  const issued = await takeIssued(page).catch(() => []);
  const ops = issued
    .filter((entry) => entry.kind === 'stockCounts.start' || entry.kind === 'stockCounts.submit')
    .map((entry): TabletCountOp => ({
      tablet: spec.name,
      userId: entry.userId,
      kind: entry.kind === 'stockCounts.start' ? 'start' : 'submit',
      countId: entry.entityId ?? '',
      location: entry.body?.location ?? location,
    }));
  return { ops, confirmed, note };
}

export async function placeOrder(
  page: Page,
  spec: TabletSpec,
  product: { _id: string; name: string },
  quantity: number,
): Promise<{ ops: TabletOrderOp[]; confirmed: boolean; note: string }> {
  const toOp = (entry: IssuedEntry): TabletOrderOp => ({
    tablet: spec.name,
    userId: entry.userId,
    department: entry.department ?? spec.department,
    orderId: entry.entityId ?? '',
    productId: entry.body?.productId ?? product._id,
    quantity: entry.body?.quantity ?? quantity,
  });
  let confirmed = true;
  let note = '';
  try {
    await page.goto(`/${spec.department}/products/${product._id}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    const field = page.getByLabel('Quantity', { exact: true });
    // Sold out (orders took it all): the screen refuses at once, as it should; not a fault.
    if (await field.isDisabled()) throw new Error('out of stock on the screen');
    await field.fill(String(quantity));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order placed successfully!').last().waitFor({ timeout: 15_000 });
  } catch (error) {
    confirmed = false;
    note = String(error).split('\n')[0] ?? '';
  }
  // Whatever the screen did, what it queued is recorded (a click may queue before failing).
  const issued = await takeIssued(page).catch(() => []);
  const ops = issued.filter((entry) => entry.kind === 'order.create').map(toOp);
  return { ops, confirmed, note };
}
