import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A tablet opening the app lands on its department's home, which renders without Chakra
 * (decision 0045): Chakra's module graph, its design system and run-time styling came before the
 * first card, about a fifth of the warm start. These are the modules that start evaluates; a
 * static import of Chakra anywhere in their graph would put it back on that path without any
 * test noticing the page still working. Chakra stays reachable through dynamic import() only.
 */
const srcDir = path.resolve(import.meta.dirname, '..');
const startModules = ['main.tsx', 'app/department-home-screens.tsx'].map((file) =>
  path.join(srcDir, file),
);

/** Static `import … from '…'` and `export … from '…'` specifiers; not `import()`, not types. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) found.push(match[1] as string);
  return found;
}

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  return /\.(tsx?|css)$/.test(target) ? target : null;
}

/** Every module reachable by static imports from `roots`, with who imported it first. */
function staticGraph(roots: string[]): Map<string, string> {
  const seen = new Map<string, string>(roots.map((root) => [root, '(start)']));
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (file.endsWith('.css')) continue;
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const key = resolveRelative(file, specifier) ?? specifier;
      if (seen.has(key)) continue;
      seen.set(key, path.relative(srcDir, file));
      if (key.startsWith('/')) queue.push(key);
    }
  }
  return seen;
}

describe("the department home's start path", () => {
  const graph = staticGraph(startModules);

  it('follows the imports it should (the walk reaches the page, its header and its cards)', () => {
    const reached = [...graph.keys()].map((file) => path.relative(srcDir, file));
    for (const file of [
      'features/products/components/department-home-page.tsx',
      'features/department/components/department-header.tsx',
      'features/products/components/product-card.tsx',
      'features/department/barcode-lookup.tsx',
      'components/pagination.tsx',
      'app/nav-bar.tsx',
    ]) {
      expect(reached, file).toContain(file);
    }
  });

  it('imports nothing of Chakra UI statically', () => {
    const chakra = [...graph].filter(([specifier]) => specifier.startsWith('@chakra-ui/'));
    expect(chakra.map(([specifier, by]) => `${specifier} (imported by ${by})`)).toEqual([]);
  });
});
