import { describe, expect, it } from 'vitest';
import { departments } from './departments.ts';
import {
  godownCondition,
  quantityColor,
  stockBadge,
  stockStatus,
  stockStatusLabel,
  stockStatusLabels,
} from './stock.ts';
import { isLowStock } from './low-stock.ts';

const hardware = departments.hardware;
const animalFeeding = departments['animal-feeding'];
const godown = departments.godown;

const at = (quantity: number, reorderLevel?: number | null) => ({ quantity, reorderLevel });

describe('stockStatus', () => {
  it('is out of stock at zero and below', () => {
    expect(stockStatus(at(0), hardware)).toBe('out');
    expect(stockStatus(at(-3), hardware)).toBe('out');
    expect(stockStatus(at(Number.NaN), hardware)).toBe('out');
  });

  it('is low from 1 up to the department threshold and in stock above it', () => {
    expect(stockStatus(at(1), hardware)).toBe('low');
    expect(stockStatus(at(2), hardware)).toBe('low');
    expect(stockStatus(at(3), hardware)).toBe('in');
    expect(stockStatus(at(10), godown)).toBe('low');
    expect(stockStatus(at(11), godown)).toBe('in');
    expect(stockStatus(at(9), animalFeeding)).toBe('low');
    expect(stockStatus(at(10), animalFeeding)).toBe('in');
  });

  it("is low at or below the product's own reorder level, exactly like the Low stock page", () => {
    expect(stockStatus(at(7, 10), hardware)).toBe('low');
    expect(stockStatus(at(11, 10), hardware)).toBe('in');
    expect(stockStatus(at(2, 0), hardware)).toBe('in');
    expect(stockStatus(at(0, 0), hardware)).toBe('out');
    for (const quantity of [-1, 0, 1, 3, 5, 9, 10, 11, 40]) {
      for (const level of [null, 0, 3, 10, 20]) {
        const product = at(quantity, level);
        for (const descriptor of [hardware, godown, animalFeeding]) {
          expect(stockStatus(product, descriptor) !== 'in').toBe(isLowStock(product, descriptor));
        }
      }
    }
  });

  it('labels with the spec texts', () => {
    expect(stockStatusLabel(at(0), hardware)).toBe('Out of Stock');
    expect(stockStatusLabel(at(1), hardware)).toBe('Low stock');
    expect(stockStatusLabel(at(50), hardware)).toBe('In Stock');
    expect(Object.values(stockStatusLabels)).toEqual(['Out of Stock', 'Low stock', 'In Stock']);
  });
});

describe('quantityColor', () => {
  it('is green above 20, orange in between and red when low or out', () => {
    expect(quantityColor(21, hardware)).toBe('green');
    expect(quantityColor(20, hardware)).toBe('orange');
    expect(quantityColor(3, hardware)).toBe('orange');
    expect(quantityColor(2, hardware)).toBe('red');
    expect(quantityColor(0, hardware)).toBe('red');
  });

  it('is red under 10 in animal-feeding', () => {
    expect(quantityColor(9, animalFeeding)).toBe('red');
    expect(quantityColor(10, animalFeeding)).toBe('orange');
  });
});

describe('godownCondition', () => {
  it('derives the condition from the quantity and the default reorder level (10)', () => {
    expect(godownCondition(at(0), godown)).toBe('out of stock');
    expect(godownCondition(at(1), godown)).toBe('low stock');
    expect(godownCondition(at(10), godown)).toBe('low stock');
    expect(godownCondition(at(11), godown)).toBe('new');
  });

  it("says 'low stock' exactly when the Low stock page lists the product", () => {
    expect(godownCondition(at(7, 5), godown)).toBe('new');
    expect(godownCondition(at(15, 20), godown)).toBe('low stock');
    for (const quantity of [0, 1, 5, 6, 7, 10, 11, 20, 21]) {
      for (const level of [null, 0, 5, 10, 20]) {
        const product = at(quantity, level);
        expect(godownCondition(product, godown) !== 'new').toBe(isLowStock(product, godown));
      }
    }
  });
});

describe('stockBadge', () => {
  const out = { kind: 'status', status: 'out' } as const;
  const inStock = { kind: 'status', status: 'in' } as const;
  const lowCondition = { kind: 'condition', condition: 'low stock' } as const;
  const newCondition = { kind: 'condition', condition: 'new' } as const;

  it.each([
    [0, out, out],
    [5, out, inStock],
    [6, lowCondition, inStock],
    [10, lowCondition, inStock],
    [11, newCondition, inStock],
  ])('at quantity %i: godown %j, hardware %j', (quantity, forGodown, forHardware) => {
    expect(stockBadge(at(quantity), godown)).toEqual(forGodown);
    expect(stockBadge(at(quantity), hardware)).toEqual(forHardware);
  });

  it('is the stock status where the department badge shows it', () => {
    expect(stockBadge(at(2), hardware)).toEqual({ kind: 'status', status: 'low' });
    expect(stockBadge(at(Number.NaN), godown)).toEqual(out);
  });

  it('never calls a godown product above its own reorder level out of stock or low', () => {
    expect(stockBadge(at(4, 3), godown)).toEqual(newCondition);
    expect(stockBadge(at(3, 3), godown)).toEqual(out);
    expect(stockBadge(at(12, 15), godown)).toEqual(lowCondition);
  });
});
