import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress-plugin.ts';

const apiPort = process.env.API_PORT ?? '3000';

/** Brand colour: the icons (scripts/generate-icons.ts), index.html's theme-color, the title bar. */
const themeColour = '#1e40af';

/**
 * What the service worker precaches (docs/architecture.md section 4). Tablets on slow links install only what
 * staff screens need, so admin-only weight stays out. The convention:
 *
 * - A chunk whose file name starts with `assets/admin-` is NOT precached. Such chunks come from
 *   (a) the group below, which pulls the spreadsheet reader into its own `admin-spreadsheet`
 *   chunk, and (b) any module file named `admin-*.ts(x)` that is only ever loaded with `import()`
 *   from an admin route (Rollup names a lazy chunk after its file). recharts is imported only by
 *   src/features/admin/components/admin-charts.tsx, so it lands in that file's lazy chunk
 *   (`admin-charts-*`) by itself; it has no group because a group also captures its modules'
 *   dependencies recursively, and recharts depends on React: the group took React with it and
 *   every staff chunk imported the not-precached chunk. Staff code must never import those
 *   libraries or `admin-*` files: they would not load offline.
 * - jspdf's own lazy extras (html2canvas, DOMPurify, canvg: only its `.html()` and SVG paths use
 *   them) go to `assets/pdf-extras-*`, also not precached; receipts draw with jspdf's text and
 *   table calls. The receipt PDF chunk itself (`receipt-pdf`, jspdf core) IS precached, because
 *   receipts must print offline. So are the other chunks staff load only when used: the
 *   spreadsheet writers (`spreadsheet-*`, imported when Export is pressed) with fflate (`zip-*`),
 *   and the labels PDF (`labels-pdf-*`, bwip-js): exports and labels must work offline.
 * - The camera scanner (`assets/scanner-*`: its dialog and barcode-detector / zxing-wasm) and
 *   zxing's .wasm (not in globPatterns) are not precached either: the service worker caches them
 *   on first use (sw/routes.ts `isScannerAsset`), so scanning works offline afterwards.
 * - Everything else the build emits under assets/ (JS, CSS, fonts, images imported by code) plus
 *   index.html, the icons, the manifest and public/images/*.svg (the product fallback) is
 *   precached. Other files copied from public/ (the landing-page slideshow photos) are not.
 */
const notPrecached = ['assets/admin-*', 'assets/pdf-extras-*', 'assets/scanner-*'];

const adminSpreadsheetLibraries = /[\\/]node_modules[\\/](exceljs|read-excel-file|xlsx)[\\/]/;
const pdfExtras = /[\\/]node_modules[\\/](html2canvas|dompurify|canvg)[\\/]/;
const receiptPdf = /[\\/]node_modules[\\/](jspdf|jspdf-autotable|fast-png)[\\/]/;
const zip = /[\\/]node_modules[\\/]fflate[\\/]/;
const vitePreloadHelper = /^\0vite\/preload-helper/;
const scannerLibraries = /[\\/]node_modules[\\/](barcode-detector|zxing-wasm)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts', // built to dist/sw.js
      scope: '/',
      registerType: 'prompt',
      // Registered by src/app/register-sw.ts (workbox-window), which drives the update prompt.
      injectRegister: false,
      // The worker runs only in production builds; in dev it would fight Vite's HMR.
      devOptions: { enabled: false },
      // Besides the manifest icons (added automatically) and the manifest itself; the product
      // fallback image shows wherever a product photo is not cached.
      includeAssets: [
        'favicon.svg',
        'icons/favicon-32.png',
        'icons/apple-touch-icon-180.png',
        'images/*.svg',
      ],
      injectManifest: {
        // A classic (IIFE) worker: the ES format makes the plugin pass Rolldown the deprecated
        // `inlineDynamicImports`, and Vite warned about it on every `npm start`.
        rollupFormat: 'iife',
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,woff,png,svg,webp,jpg}'],
        globIgnores: notPrecached,
      },
      manifest: {
        id: '/',
        name: 'Trading Company',
        short_name: 'Trading',
        description:
          'Products, orders and stock for every department of the trading company, online or offline.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: themeColour,
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  resolve: {
    // Every `import … from 'zod'` of the PWA gets zod configured first (see the module).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/app/zod-configured.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    modulePreload: {
      // src/app/boot.ts imports the app (main-*.js) after the first paint. Without this, Vite's
      // preload helper first inserts a <link rel=modulepreload> per start-up chunk, one more long
      // task right after the paint; the browser finds the same chunks from main's static imports.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'js' && /(^|\/)main-[^/]*\.js$/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'admin-spreadsheet', test: adminSpreadsheetLibraries },
            // jspdf and everything it imports statically (Babel helpers, fflate, fast-png…) in
            // one chunk, taken before the extras so the helpers canvg shares land here and the
            // extras import them from us, never the other way round. Vite's preload helper,
            // which jspdf's own import() calls go through, is taken first on its own: inside
            // this chunk it made the start-up bundle import jspdf.
            { name: 'preload-helper', test: vitePreloadHelper, priority: 2 },
            // fflate on its own: jspdf and the XLSX writer (domain/spreadsheet.ts) both use it.
            // Inside receipt-pdf it made the spreadsheet writer, and with it every screen that
            // had an Export button, load all of jspdf at start-up (issue 26 item 10).
            { name: 'zip', test: zip, priority: 2 },
            { name: 'receipt-pdf', test: receiptPdf, priority: 1 },
            { name: 'pdf-extras', test: pdfExtras },
            { name: 'scanner', test: scannerLibraries },
          ],
        },
      },
    },
  },
});
