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

const hardware = departments.hardware;
const animalFeeding = departments['animal-feeding'];
const godown = departments.godown;

describe('stockStatus', () => {
  it('is out of stock at zero and below', () => {
    expect(stockStatus(0, hardware)).toBe('out');
    expect(stockStatus(-3, hardware)).toBe('out');
    expect(stockStatus(Number.NaN, hardware)).toBe('out');
  });

  it('is low from 1 up to the department threshold and in stock above it', () => {
    expect(stockStatus(1, hardware)).toBe('low');
    expect(stockStatus(2, hardware)).toBe('low');
    expect(stockStatus(3, hardware)).toBe('in');
    expect(stockStatus(5, godown)).toBe('low');
    expect(stockStatus(6, godown)).toBe('in');
    expect(stockStatus(9, animalFeeding)).toBe('low');
    expect(stockStatus(10, animalFeeding)).toBe('in');
  });

  it('labels with the spec texts', () => {
    expect(stockStatusLabel(0, hardware)).toBe('Out of Stock');
    expect(stockStatusLabel(1, hardware)).toBe('Low stock');
    expect(stockStatusLabel(50, hardware)).toBe('In Stock');
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
  it('derives the condition from the quantity', () => {
    expect(godownCondition(0)).toBe('out of stock');
    expect(godownCondition(1)).toBe('low stock');
    expect(godownCondition(10)).toBe('low stock');
    expect(godownCondition(11)).toBe('new');
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
    expect(stockBadge(quantity, godown)).toEqual(forGodown);
    expect(stockBadge(quantity, hardware)).toEqual(forHardware);
  });

  it('is the stock status where the department badge shows it', () => {
    expect(stockBadge(2, hardware)).toEqual({ kind: 'status', status: 'low' });
    expect(stockBadge(Number.NaN, godown)).toEqual(out);
  });
});
