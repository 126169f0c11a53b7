import fs from 'node:fs';
import path from 'node:path';

/**
 * Import cycles (issue 27): none in src/, sw/, server/ or domain/. A stand-in for
 * `import-x/no-cycle`, which needs a package this project does not have: it follows the static
 * value imports and re-exports (every relative specifier carries its extension, so resolving is
 * joining paths), skipping `import type`/`export type` (erased before run time) and dynamic
 * `import()` (a lazy chunk runs after its importer has loaded). Reported at the import whose
 * target leads back to the file, with the path.
 */

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;
const importsOfFile = new Map();

function isTypeOnlyClause(clause) {
  const names = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!names) return false;
  const list = names[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((name) => name.startsWith('type '));
}

function valueImportsOf(file) {
  let imports = importsOfFile.get(file);
  if (imports) return imports;
  imports = [];
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // A specifier without a file is another rule's problem (TypeScript reports it).
  }
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[3] ?? match[4];
    if (match[1] || (match[3] && isTypeOnlyClause(match[2] ?? ''))) continue;
    imports.push(path.resolve(path.dirname(file), specifier));
  }
  importsOfFile.set(file, imports);
  return imports;
}

/** The import path from `start` back to `goal`, or undefined. */
function pathBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const steps = [];
      for (let step = file; step !== null; step = cameFrom.get(step)) steps.unshift(step);
      return steps;
    }
    for (const next of valueImportsOf(file)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const noCycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids a static import that leads back to the importing file.' },
    messages: { cycle: 'Import cycle: {{cycle}}.' },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const specifiers = node.specifiers ?? [];
      if (
        node.type === 'ImportDeclaration' &&
        specifiers.length > 0 &&
        specifiers.every((s) => s.importKind === 'type')
      ) {
        return;
      }
      const steps = pathBack(path.resolve(path.dirname(file), specifier), file);
      if (!steps) return;
      const root = context.cwd ?? process.cwd();
      const cycle = [file, ...steps].map((step) => path.relative(root, step)).join(' -> ');
      context.report({ node, messageId: 'cycle', data: { cycle } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
