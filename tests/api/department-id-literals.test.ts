import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { departmentIds } from '../../domain/departments.ts';

/**
 * Department differences are data in the descriptors (domain/departments.ts): routes, menus and
 * server paths come from there. A department id written as a string literal in the logic of src/,
 * sw/ or server/ is a decision made outside the descriptor (issue 27). Tests, test support, seed
 * and demo data, migrations (which run on old data) and the landing page's slides (typed by the
 * department type) may name departments; comments may too.
 */
const root = path.resolve(import.meta.dirname, '../..');
const allowed =
  /\.test\.tsx?$|test-support|test-entities|seed|demo|\/migrations\/|landing\/slides\.ts$/;
const literal = new RegExp(`(['"\`])(${departmentIds.join('|')})\\1`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The code of a line, without its comment (a line of a block comment has none). */
function codeOf(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return '';
  return line.replace(/\s\/\/.*$/, '');
}

export function departmentLiterals(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({
        code: codeOf(line),
        at: `${path.relative(root, file)}:${index + 1}`,
      }))
      // `entity="printing"` names the registry's write kinds ('printing.create'), not a department.
      .filter(({ code }) => literal.test(code.replace(/entity="[^"]*"/g, '')))
      .map(({ at, code }) => `${at}: ${code.trim()}`),
  );
}

describe('department ids in logic', () => {
  it('are never written as literals in src/, sw/ or server/ outside the allowed places', () => {
    const files = ['src', 'sw', 'server']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => !allowed.test(file.split(path.sep).join('/')));
    expect(files.length).toBeGreaterThan(100);
    expect(departmentLiterals(files)).toEqual([]);
  });

  it('finds a literal in code and ignores one in a comment', () => {
    const found = departmentLiterals([path.join(root, 'domain/departments.ts')]);
    expect(
      found.some((line) => line.includes("newUserCategory: DepartmentId = 'animal-feeding'")),
    ).toBe(true);
    expect(found.some((line) => line.includes('spec section'))).toBe(false);
  });
});
