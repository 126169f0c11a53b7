import { describe, expect, it } from 'vitest';
import { departments } from './departments.ts';
import {
  articleLocationCount,
  groupByName,
  hasLocations,
  isSameArticle,
  sameArticleElsewhere,
  type LocatedProduct,
} from './product-locations.ts';

function product(
  _id: string,
  name: string,
  location: string,
  barcode: string | null = null,
): LocatedProduct {
  return { _id, name, location, barcode };
}

describe('hasLocations', () => {
  it('reads the descriptor: godown products carry a location, hardware ones do not', () => {
    expect(hasLocations(departments.godown)).toBe(true);
    expect(hasLocations(departments.hardware)).toBe(false);
    expect(hasLocations({ extraFields: ['location'] })).toBe(true);
  });
});

describe('isSameArticle', () => {
  it('matches names trimmed and in any case', () => {
    expect(isSameArticle(product('a', 'Maize bags', 'X'), product('b', ' maize BAGS ', 'Y'))).toBe(
      true,
    );
    expect(isSameArticle(product('a', 'Maize bags', 'X'), product('b', 'Maize bag', 'Y'))).toBe(
      false,
    );
  });

  it('needs equal barcodes only where both products carry one', () => {
    const coded = product('a', 'Maize bags', 'X', '6001234567890');
    expect(isSameArticle(coded, product('b', 'Maize bags', 'Y'))).toBe(true);
    expect(isSameArticle(coded, product('b', 'Maize bags', 'Y', '6001234567890'))).toBe(true);
    expect(isSameArticle(coded, product('b', 'Maize bags', 'Y', '4006381333931'))).toBe(false);
  });
});

describe('sameArticleElsewhere', () => {
  const here = product('1', 'Maize bags', 'Main Store');
  const list = [
    here,
    product('2', 'maize bags', 'Store 2'),
    product('3', 'Maize bags', 'Deck A'),
    product('4', 'Rice bags', 'Deck A'),
    product('5', 'Maize bags', ' main store'),
  ];

  it('lists the other locations of the same article in natural order, not this one', () => {
    expect(sameArticleElsewhere(here, list).map((item) => item._id)).toEqual(['3', '2']);
  });

  it('counts the locations, a second product at one location once', () => {
    const withTwin = [...list, product('6', 'Maize bags', 'deck a ')];
    expect(articleLocationCount(here, withTwin)).toBe(3);
    expect(articleLocationCount(list[3] as LocatedProduct, withTwin)).toBe(1);
  });

  it('is empty for an article kept at one location only', () => {
    expect(sameArticleElsewhere(list[3] as LocatedProduct, list)).toEqual([]);
  });
});

describe('groupByName', () => {
  it('groups same-name products in list order, each group by location', () => {
    const groups = groupByName([
      product('1', 'Beans', 'Shelf 10'),
      product('2', 'beans', 'Shelf 2'),
      product('3', 'Maize bags', 'Deck A'),
    ]);
    expect(groups.map((group) => group.name)).toEqual(['Beans', 'Maize bags']);
    expect(groups[0]?.products.map((item) => item._id)).toEqual(['2', '1']);
    expect(groups[1]?.products.map((item) => item._id)).toEqual(['3']);
  });
});
