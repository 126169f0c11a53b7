import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner for stock (issue 27, decision 0029): only server/modules/stock/ UPDATEs
 * `products.quantity` or `products.condition`. Orders, transfers, stock counts, bulk upload and
 * product edits call its functions (decrementStock, returnStock, addStock, setStock, setStocks).
 *
 * What is allowed elsewhere, on purpose:
 * - INSERTs: creating a product with its first quantity (product create, a transfer's new
 *   destination product, bulk upload's new rows, demo products) stays with the product's
 *   creator, which computes the condition with the stock module's `storedCondition`.
 * - Migrations (server/db/migrations/): schema and data fixes of their own moment.
 *
 * The scan is textual: a Kysely `.updateTable('products')` whose `.set(…)` names `quantity` or
 * `condition` (or passes a variable declared in the file as an object literal that does), and raw
 * SQL `UPDATE products SET … quantity|condition`. Values built further away (spread from
 * elsewhere, a parameter) are not seen: review keeps those out.
 */
const root = join(import.meta.dirname, '..', '..');
const serverDir = join(root, 'server');
const allowed = [
  join('server', 'modules', 'stock') + sep,
  join('server', 'db', 'migrations') + sep,
];

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The text inside the parentheses that open at `open` (balanced; strings are not special). */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, index);
    }
  }
  return text.slice(open + 1);
}

/** `const name = { … }` in the file, when `.set(name)` passes a variable (else ''). */
function declaredObject(text: string, name: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return '';
  const declaration = new RegExp(`\\b(?:const|let)\\s+${name}\\s*=\\s*\\{`).exec(text);
  if (!declaration) return '';
  return balanced(
    text.replace(/\{/g, '(').replace(/\}/g, ')'),
    declaration.index + declaration[0].length - 1,
  );
}

const stockColumn = /\b(quantity|condition)\b/;
const updateProducts = /\.updateTable\(\s*['"`]products['"`]\s*\)/g;
// The end of one query chain: the next query begins (a `.set(` after it is another query's).
const nextQuery = /\.(updateTable|insertInto|selectFrom|deleteFrom)\(|;\s*\n/g;
const rawUpdate = /update\s+"?products"?\s+set\b[^;`]*?\b(quantity|condition)\b/i;

/** The stock writes in a file's text: one line per offending statement. */
function stockWrites(text: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(updateProducts)) {
    const start = match.index + match[0].length;
    nextQuery.lastIndex = start;
    const end = nextQuery.exec(text)?.index ?? text.length;
    const chain = text.slice(start, end);
    const set = chain.indexOf('.set(');
    if (set === -1) continue;
    const values = balanced(chain, set + '.set'.length).trim();
    if (stockColumn.test(values) || stockColumn.test(declaredObject(text, values))) {
      found.push(
        `line ${lineOf(match.index)}: .updateTable('products').set(… quantity/condition …)`,
      );
    }
  }
  const raw = rawUpdate.exec(text);
  if (raw) found.push(`line ${lineOf(raw.index)}: UPDATE products SET … ${raw[1]}`);
  return found;
}

describe('stock ownership', () => {
  it('only server/modules/stock/ updates products.quantity or products.condition', () => {
    const offenders = serverFiles(serverDir)
      .map((path) => relative(root, path))
      .filter((path) => !allowed.some((prefix) => path.startsWith(prefix)))
      .flatMap((path) =>
        stockWrites(readFileSync(join(root, path), 'utf8')).map((where) => `${path} ${where}`),
      );
    expect(offenders).toEqual([]);
  });

  it('recognises a stock write in a query chain and in raw SQL', () => {
    const kysely = `await trx
      .updateTable('products')
      .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
      .where('id', '=', id)
      .execute();`;
    const condition = `await trx.updateTable("products").set({ condition }).execute();`;
    const raw = 'await sql`UPDATE products SET quantity = quantity + ${n}`.execute(trx);';
    const variable = `const changes = { name, quantity: 3 };
      await trx.updateTable('products').set(changes).where('id', '=', id).execute();`;
    const other = `await trx.updateTable('products').set({ deletedAt: now }).execute();
      await trx.insertInto('products').values({ quantity: 1 }).execute();
      await trx.updateTable('orders').set({ quantity }).execute();`;
    expect(stockWrites(kysely)).toHaveLength(1);
    expect(stockWrites(condition)).toHaveLength(1);
    expect(stockWrites(raw)).toHaveLength(1);
    expect(stockWrites(variable)).toHaveLength(1);
    expect(stockWrites(other)).toEqual([]);
  });
});
