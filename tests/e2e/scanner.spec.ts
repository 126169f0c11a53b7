import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { chromium } from 'playwright-core';
import { createProduct } from './fixtures/catalog-api.ts';
import { chromiumArgs, chromiumExecutable } from './fixtures/chromium.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The camera scanner (issue 15 item 1) as a hardware clerk uses it: a barcode read from a photo
 * opens its product, and again with the server stopped once the scanner has been used online (its
 * chunk and zxing's .wasm are cached by the service worker on first use, not precached); and a
 * barcode held in front of the camera (Chromium's fake camera playing a video made from the
 * barcode image) opens its product with the server stopped.
 */
const work = mkdtempSync(path.join(tmpdir(), 'scanner-'));

async function barcodeImage(text: string): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 4,
    height: 14,
    backgroundcolor: 'FFFFFF',
    paddingwidth: 20,
    paddingheight: 20,
  });
  const file = path.join(work, `${text}.png`);
  writeFileSync(file, png);
  return file;
}

/** A few seconds of video of the image, as Chromium's fake camera wants it (.y4m). */
function cameraVideo(image: string): string {
  const video = image.replace(/\.png$/, '.y4m');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    image,
    '-t',
    '3',
    '-r',
    '10',
    '-vf',
    'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
  return video;
}

async function seed(serverUrl: string, token: string, stamp: number, barcode: string) {
  return createProduct(serverUrl, token, 'hardware', {
    name: `Scanned saw ${stamp}`,
    description: 'A saw with a barcode',
    price: 18_000,
    quantity: 6,
    barcode,
  });
}

test('a barcode in a photo opens its product, and again offline after the first use', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const stamp = Date.now();
  const code = `SC-${stamp}`;
  const saw = await seed(server.url, adminToken, stamp, code);
  const image = await barcodeImage(code);

  const clerk = await createUser({ category: 'hardware' });
  await signIn(page, clerk.email, clerk.password);
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await waitForServiceWorker(page);

  const scanFromPhoto = async () => {
    await page.getByRole('button', { name: 'Scan a barcode with the camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles(image);
  };

  await scanFromPhoto();
  await expect(page).toHaveURL(new RegExp(`/hardware/products/${saw._id}$`), { timeout: 30_000 });

  await server.stop();
  try {
    await page.goto('/hardware');
    await scanFromPhoto();
    await expect(page).toHaveURL(new RegExp(`/hardware/products/${saw._id}$`), {
      timeout: 30_000,
    });
  } finally {
    await server.start();
  }
});

test('a barcode held to the camera opens its product with the server down', async ({
  server,
  adminToken,
  createUser,
}) => {
  const stamp = Date.now();
  const code = `CAM-${stamp}`;
  const saw = await seed(server.url, adminToken, stamp, code);
  const video = cameraVideo(await barcodeImage(code));
  const clerk = await createUser({ category: 'hardware' });

  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: server.url, permissions: ['camera'] });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/email|barua pepe/i).fill(clerk.email);
    await page.getByLabel(/password|nenosiri/i).fill(clerk.password);
    await page.getByRole('button', { name: /^(login|sign in|ingia)$/i }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
    await waitForServiceWorker(page);
    // First use online: the scanner's chunk and .wasm are cached for offline use.
    await page.getByRole('button', { name: 'Scan a barcode with the camera' }).click();
    await expect(page).toHaveURL(new RegExp(`/hardware/products/${saw._id}$`), {
      timeout: 30_000,
    });

    await server.stop();
    try {
      await page.goto('/hardware');
      await page.getByRole('button', { name: 'Scan a barcode with the camera' }).click();
      await expect(page).toHaveURL(new RegExp(`/hardware/products/${saw._id}$`), {
        timeout: 30_000,
      });
    } finally {
      await server.start();
    }
  } finally {
    await browser.close();
  }
});
