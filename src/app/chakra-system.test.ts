import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSystem, usedRecipes, usedSlotRecipes } from './chakra-system.ts';

/**
 * The theme holds only the recipes of the components the app uses (chakra-system.ts). A
 * component imported from '@chakra-ui/react' with no recipe in the system would render
 * unstyled, so every imported name must be known here: either it needs no recipe, or its recipes
 * are listed and present in the system.
 */
const recipeOf: Record<string, readonly string[]> = {
  Alert: ['alert'],
  Badge: ['badge'],
  Button: ['button'],
  Card: ['card'],
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  Code: ['code'],
  Container: ['container'],
  DataList: ['dataList'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  Field: ['field'],
  Heading: ['heading'],
  IconButton: ['button'],
  Input: ['input'],
  Link: ['link'],
  List: ['list'],
  Menu: ['menu'],
  NativeSelect: ['nativeSelect'],
  Popover: ['popover'],
  Progress: ['progress'],
  Separator: ['separator'],
  Spinner: ['spinner'],
  Stat: ['stat'],
  Table: ['table'],
  Tabs: ['tabs'],
  Textarea: ['textarea'],
  Toast: ['toast', 'icon'],
  Toaster: ['toast'],
};

/** Layout primitives, the factory and the system's own exports: no recipe. */
const needsNoRecipe = new Set([
  'Box',
  'Center',
  'ChakraProvider',
  'Flex',
  'Grid',
  'HStack',
  'Image',
  'Portal',
  'SimpleGrid',
  'Stack',
  'Text',
  'VisuallyHidden',
  'chakra',
  'createSystem',
  'createToaster',
  'defaultBaseConfig',
  'defaultSystem',
  'defineConfig',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function chakraImports(): Set<string> {
  const names = new Set<string>();
  const src = path.resolve(import.meta.dirname, '..');
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !part.trim().startsWith('type ') && /^[A-Za-z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe('the app theme', () => {
  it('knows every Chakra component the app imports', () => {
    const unknown = [...chakraImports()].filter(
      (name) => !needsNoRecipe.has(name) && !(name in recipeOf),
    );
    expect(unknown).toEqual([]);
  });

  it('holds the recipe of every component the app imports', () => {
    const recipes = new Set([...Object.keys(usedRecipes), ...Object.keys(usedSlotRecipes)]);
    const missing = [...chakraImports()]
      .flatMap((name) => recipeOf[name] ?? [])
      .filter((key) => !recipes.has(key));
    expect(missing).toEqual([]);
    for (const key of Object.keys(usedRecipes)) expect(appSystem.hasRecipe(key)).toBe(true);
    for (const key of Object.keys(usedSlotRecipes)) expect(appSystem.hasRecipe(key)).toBe(true);
  });

  it('keeps the touch size (44 px, sizes.11) on small buttons and inputs', () => {
    expect(appSystem.getRecipe('button').variants?.size?.sm).toMatchObject({ h: '11' });
    expect(appSystem.getRecipe('input').variants?.size?.sm).toMatchObject({
      '--input-height': 'sizes.11',
    });
  });
});
