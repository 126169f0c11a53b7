import { describe, expect, it } from 'vitest';
import { departmentIds, departments, productDepartmentIds } from '../../domain/departments.ts';
import { departmentName, descriptorText } from './department-name.ts';
import type { MessageKey } from './dictionaries.ts';
import { translate } from './translate.ts';
import type { TranslateFn } from './i18n.tsx';

const english: TranslateFn = (key, values) => translate('en', key, values);
const swahili: TranslateFn = (key, values) => translate('sw', key, values);

describe('departmentName', () => {
  it("is the department's name in the language, an unknown category as stored", () => {
    expect(departmentIds.map((id) => departmentName(english, id))).toEqual([
      'Godown',
      'Stationery',
      'Animal Feeding',
      'Hardware',
      'Printing',
      'Fresh Oil',
    ]);
    expect(departmentName(swahili, 'godown')).toBe('Ghala');
    expect(departmentName(english, 'bakery')).toBe('bakery');
  });
});

describe('descriptor texts', () => {
  it('name only keys the dictionaries hold', () => {
    const keys = departmentIds.flatMap((id) => {
      const descriptor = departments[id];
      return [
        descriptor.nameKey,
        descriptor.productsLoadErrorKey,
        ...(descriptor.manageTitleKey === null ? [] : [descriptor.manageTitleKey]),
        ...descriptor.menu.map((item) => item.labelKey),
      ];
    });
    expect(keys.filter((key) => descriptorText(english, key, 'missing') === 'missing')).toEqual([]);
  });

  it('title the manage pages as the spec does, stationery without its copy defect', () => {
    const titles = productDepartmentIds.map((id) =>
      descriptorText(english, departments[id].manageTitleKey, 'missing'),
    );
    expect(titles).toEqual([
      'Manage Godown Products',
      'Manage Stationery Products',
      'Manage Animal Feeding Products',
      'Manage Hardware Products',
      'Manage Fresh Oil Products',
    ]);
  });

  it("give animal-feeding's list its own load error, the others the spec's alert", () => {
    const loadError = (key: string) => descriptorText(english, key, 'missing');
    expect(loadError(departments['animal-feeding'].productsLoadErrorKey)).toBe(
      'Error: No Product found!',
    );
    expect(loadError(departments.hardware.productsLoadErrorKey)).toBe(
      'Failed to fetch products. Please try again.',
    );
  });

  it('fall back when a descriptor has no key', () => {
    expect(descriptorText(english, null, 'fallback')).toBe('fallback');
    expect(descriptorText(english, 'no.such.key' satisfies string, 'fallback')).toBe('fallback');
    expect(descriptorText(english, 'nav.home' satisfies MessageKey, 'fallback')).toBe('Home');
  });
});
