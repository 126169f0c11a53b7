import { describe, expect, it } from 'vitest';
import {
  editConflictOf,
  mergeProductEdit,
  overlayEdit,
  sameEditValue,
  type ProductEditValues,
} from './product-edit-merge.ts';
import { departments } from './departments.ts';
import { productEditSchema } from './products.ts';

const base: ProductEditValues = {
  name: 'Hammer',
  description: 'Steel claw hammer',
  price: 12_500,
  quantity: 10,
  location: null,
  nutrients: null,
  barcode: null,
  reorderLevel: null,
};

describe('mergeProductEdit', () => {
  it('merges edits of different fields: mine keeps their price, theirs keeps my name', () => {
    const theirs = { ...base, price: 13_000 };
    const outcome = mergeProductEdit(base, { ...base, name: 'Claw hammer' }, theirs);
    expect(outcome).toEqual({
      ok: true,
      merged: { ...base, name: 'Claw hammer', price: 13_000 },
    });
  });

  it('accepts the same field changed to the same value on both sides', () => {
    const theirs = { ...base, price: 13_000 };
    expect(mergeProductEdit(base, { ...base, price: 13_000 }, theirs)).toEqual({
      ok: true,
      merged: theirs,
    });
  });

  it('refuses the same field changed to different values, naming both values', () => {
    const theirs = { ...base, price: 13_000, name: 'Big hammer' };
    const outcome = mergeProductEdit(base, { ...base, price: 14_000, description: 'New' }, theirs);
    expect(outcome).toEqual({
      ok: false,
      conflicts: [{ field: 'price', mine: 14_000, theirs: 13_000 }],
    });
  });

  it('reports every conflicting field, the stock included', () => {
    const theirs = { ...base, price: 13_000, quantity: 8 };
    const outcome = mergeProductEdit(base, { ...base, price: 14_000, quantity: 15 }, theirs);
    expect(outcome.ok ? [] : outcome.conflicts.map((conflict) => conflict.field)).toEqual([
      'price',
      'quantity',
    ]);
  });

  it('keeps their value of a field this write leaves out', () => {
    const theirs = { ...base, barcode: '4006381333931' };
    const { barcode: _barcode, ...mine } = { ...base, price: 14_000 };
    expect(mergeProductEdit(base, mine, theirs)).toEqual({
      ok: true,
      merged: { ...theirs, price: 14_000 },
    });
  });

  it('treats blank and none as one value (a form shows no nutrients as an empty box)', () => {
    const theirs = { ...base, nutrients: 'Protein 16%' };
    expect(mergeProductEdit(base, { ...base, nutrients: '' }, theirs)).toEqual({
      ok: true,
      merged: theirs,
    });
    expect(sameEditValue(' Hammer ', 'Hammer')).toBe(true);
  });

  it('does not merge blind a field the base lacks: differing values are a conflict', () => {
    const { price: _price, ...partialBase } = base;
    const theirs = { ...base, price: 13_000 };
    expect(mergeProductEdit(partialBase, { ...base, price: 14_000 }, theirs)).toMatchObject({
      ok: false,
      conflicts: [{ field: 'price' }],
    });
  });

  it('without a base (an older client) applies every field it carries, as before', () => {
    const theirs = { ...base, price: 13_000, name: 'Big hammer' };
    const mine = { ...base, price: 14_000 };
    expect(mergeProductEdit(undefined, mine, theirs)).toEqual({ ok: true, merged: mine });
    expect(overlayEdit({ price: 14_000 }, theirs)).toEqual({ ...theirs, price: 14_000 });
  });
});

describe('editConflictOf', () => {
  it('reads the fields and the server product of a conflict refusal', () => {
    const body = {
      message:
        'Someone else changed this product since you opened it. Choose which values to keep.',
      conflicts: [{ field: 'price', mine: 14_000, theirs: 13_000 }],
      product: { _id: 'p', ...base, price: 13_000, version: 3, image: null, barcode: undefined },
    };
    expect(editConflictOf(body)).toEqual({
      fields: [{ field: 'price', mine: 14_000, theirs: 13_000 }],
      version: 3,
      values: { ...base, price: 13_000 },
    });
  });

  it('is undefined for any other refusal', () => {
    expect(editConflictOf({ message: 'x', available: 3 })).toBeUndefined();
    expect(editConflictOf({ conflicts: [], product: { ...base, version: 1 } })).toBeUndefined();
  });
});

describe('the edit schema', () => {
  it('keeps an optional base and refuses a malformed one with the version message', () => {
    const schema = productEditSchema(departments.hardware);
    const body = { name: 'Hammer', description: 'D', price: 1, quantity: 1 };
    expect(schema.parse({ ...body, base: { price: 5 } }).base).toEqual({ price: 5 });
    expect(schema.parse(body).base).toBeUndefined();
    const bad = schema.safeParse({ ...body, base: { price: 'five' } });
    expect(bad.success ? '' : bad.error.issues[0]?.message).toBe('Invalid version');
  });
});
