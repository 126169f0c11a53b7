import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The npm package `xlsx` stopped at 0.18.5 with published vulnerabilities (CVE-2023-30533
 * prototype pollution, CVE-2024-22363 ReDoS); fixed builds (>= 0.20.2) are not on npm. We never
 * parse untrusted spreadsheets with it (docs/architecture.md section 4), so a vulnerable copy must not sneak
 * in, directly or through another package.
 */
function isVulnerableXlsx(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part));
  if (major > 0) return false;
  if (minor !== 20) return minor < 20;
  return patch < 2;
}

describe('package-lock.json', () => {
  it('holds no xlsx older than 0.20.2 anywhere in the tree', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const vulnerable = Object.entries(lock.packages)
      .filter(([path]) => path === 'node_modules/xlsx' || path.endsWith('/node_modules/xlsx'))
      .filter(([, entry]) => entry.version !== undefined && isVulnerableXlsx(entry.version))
      .map(([path, entry]) => `${path}@${entry.version}`);
    expect(vulnerable).toEqual([]);
  });

  it('judges xlsx versions against the first fixed release, 0.20.2', () => {
    expect(['0.18.5', '0.19.3', '0.20.1'].map(isVulnerableXlsx)).toEqual([true, true, true]);
    expect(['0.20.2', '0.20.3', '1.0.0'].map(isVulnerableXlsx)).toEqual([false, false, false]);
  });
});
