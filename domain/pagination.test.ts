import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageItems, pageSlice, type PageItem } from './pagination.ts';

function render(items: PageItem[]): string {
  return items.map((item) => (item.type === 'page' ? String(item.value) : '…')).join(' ');
}

describe('pageCount', () => {
  it('rounds up and keeps one page for an empty list', () => {
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(6, 6)).toBe(1);
    expect(pageCount(7, 6)).toBe(2);
    expect(pageCount(13, 6)).toBe(3);
  });
});

describe('clampPage', () => {
  it('brings a page into range after the list shrank', () => {
    expect(clampPage(4, 2)).toBe(2);
    expect(clampPage(0, 2)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });
});

describe('pageSlice', () => {
  it('returns the items of the requested page', () => {
    const items = Array.from({ length: 14 }, (_, index) => index + 1);
    expect(pageSlice(items, 1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageSlice(items, 3, 6)).toEqual([13, 14]);
    expect(pageSlice(items, 9, 6)).toEqual([13, 14]);
  });
});

describe('pageItems', () => {
  it('shows every page when there are at most five', () => {
    expect(render(pageItems(1, 1))).toBe('1');
    expect(render(pageItems(3, 5))).toBe('1 2 3 4 5');
  });

  it('shows five page buttons with an ellipsis for the hidden pages', () => {
    expect(render(pageItems(1, 10))).toBe('1 2 3 4 … 10');
    expect(render(pageItems(3, 10))).toBe('1 2 3 4 … 10');
    expect(render(pageItems(5, 10))).toBe('1 … 4 5 6 … 10');
    expect(render(pageItems(8, 10))).toBe('1 … 7 8 9 10');
    expect(render(pageItems(10, 10))).toBe('1 … 7 8 9 10');
    expect(render(pageItems(2, 6))).toBe('1 2 3 4 … 6');
  });

  it('never shows more than five page buttons and always includes the current page', () => {
    for (let pages = 1; pages <= 30; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const items = pageItems(page, pages);
        const numbers = items.flatMap((item) => (item.type === 'page' ? [item.value] : []));
        expect(numbers.length).toBeLessThanOrEqual(5);
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
      }
    }
  });
});
