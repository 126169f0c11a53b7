import { describe, expect, it } from 'vitest';
import { declareList } from './serve-list.ts';

describe('declareList', () => {
  it('hands the owning module a list named by its table', () => {
    expect(declareList('movement_logs')).toEqual({ table: 'movement_logs' });
  });

  it('refuses a second declaration of the same list', () => {
    declareList('stock_counts');
    expect(() => declareList('stock_counts')).toThrow('The list stock_counts is declared twice');
  });
});
