import { describe, expect, it } from 'vitest';
import {
  isProductImageRequest,
  isScannerAsset,
  isShellNavigation,
  staticRouterRules,
} from './routes.ts';

const at = (path: string) => new URL(path, 'https://shop.example');

describe('service worker routes', () => {
  it('caches GET product images from the same origin', () => {
    expect(isProductImageRequest(at('/api/v1/images/abc.png'), 'GET', true)).toBe(true);
  });

  it('never caches other API responses, image uploads or other origins', () => {
    expect(isProductImageRequest(at('/api/v1/hardware/products'), 'GET', true)).toBe(false);
    expect(isProductImageRequest(at('/api/v1/images/abc.png'), 'POST', true)).toBe(false);
    expect(isProductImageRequest(at('/api/v1/images/abc.png'), 'GET', false)).toBe(false);
  });

  it('answers client routes with the app shell but sends API navigations to the network', () => {
    expect(isShellNavigation(at('/hardware/orders'))).toBe(true);
    expect(isShellNavigation(at('/'))).toBe(true);
    expect(isShellNavigation(at('/admin/reports?dept=api'))).toBe(true);
    expect(isShellNavigation(at('/api/v1/hardware/reports?startDate=2026-01-01'))).toBe(false);
    expect(isShellNavigation(at('/api'))).toBe(false);
    expect(isShellNavigation(at('/slides/godown-1600.jpg'))).toBe(false);
    expect(isShellNavigation(at('/manifest.webmanifest?v=2'))).toBe(false);
    expect(isShellNavigation(at('/hardware/products/0b7c1f9e-4d2a-4c55-9a51-2f0c7a1d9e10'))).toBe(
      true,
    );
    expect(isShellNavigation(at('/login?redirect=/hardware/orders.v2'))).toBe(true);
  });

  it('caches the scanner’s chunks and WebAssembly from our own origin on first use', () => {
    expect(isScannerAsset(at('/assets/scanner-dialog-Ab12.js'), 'GET', true)).toBe(true);
    expect(isScannerAsset(at('/assets/zxing_reader-Cd34.wasm'), 'GET', true)).toBe(true);
    expect(isScannerAsset(at('/assets/main-Ab12.js'), 'GET', true)).toBe(false);
    expect(isScannerAsset(at('/assets/zxing_reader-Cd34.wasm'), 'GET', false)).toBe(false);
    expect(isScannerAsset(at('/api/v1/x.wasm'), 'GET', true)).toBe(false);
  });

  it('sends /api past the worker and the app’s files to the precache, each exception first', () => {
    // First match wins: the images rule must precede the /api rule, or images lose their cache,
    // and the scanner's rules the /assets rule, or the scanner is never cached for offline use.
    expect(staticRouterRules.map((rule) => [rule.condition.urlPattern, rule.source])).toEqual([
      ['/api/v1/images/*', 'fetch-event'],
      ['/api/*', 'network'],
      ['/assets/scanner-*', 'fetch-event'],
      ['/assets/*.wasm', 'fetch-event'],
      ['/assets/*', 'cache'],
    ]);
  });

  it('leaves every scanner asset to the fetch event that caches it', () => {
    const scannerRules = staticRouterRules.slice(2, 4).map((rule) => rule.condition.urlPattern);
    const matches = (pattern: string, path: string) =>
      new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(path);
    for (const path of ['/assets/scanner-dialog-Ab12.js', '/assets/zxing_reader-Cd34.wasm']) {
      expect(isScannerAsset(at(path), 'GET', true)).toBe(true);
      expect(scannerRules.some((pattern) => matches(pattern, path))).toBe(true);
    }
  });
});
