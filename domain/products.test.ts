import { describe, expect, it } from 'vitest';
import { departments } from './departments.ts';
import {
  detectImageType,
  productCreateSchema,
  productEditSchema,
  productFormVariant,
  productImagePath,
  productMessages as m,
} from './products.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

const hardwareCreate = productCreateSchema(departments.hardware);
const feedingCreate = productCreateSchema(departments['animal-feeding']);
const godownCreate = productCreateSchema(departments.godown);
const image = { bytes: new Uint8Array([1]) };

describe('productFormVariant', () => {
  it('follows the descriptor extra fields', () => {
    expect(productFormVariant(departments.hardware)).toBe('standard');
    expect(productFormVariant(departments['fresh-oil'])).toBe('standard');
    expect(productFormVariant(departments.stationery)).toBe('standard');
    expect(productFormVariant(departments['animal-feeding'])).toBe('nutrients');
    expect(productFormVariant(departments.godown)).toBe('located');
  });
});

describe('productCreateSchema (image departments)', () => {
  it('checks the fields in the spec order', () => {
    expect(firstMessage(hardwareCreate.safeParse({}))).toBe(m.nameRequired);
    expect(firstMessage(hardwareCreate.safeParse({ name: 'Hammer' }))).toBe(m.descriptionRequired);
    expect(firstMessage(hardwareCreate.safeParse({ name: 'Hammer', description: 'Steel' }))).toBe(
      m.validPrice,
    );
    expect(
      firstMessage(hardwareCreate.safeParse({ name: 'H', description: 'S', price: '1500' })),
    ).toBe(m.validQuantity);
    expect(
      firstMessage(
        hardwareCreate.safeParse({ name: 'H', description: 'S', price: '1500', quantity: '3' }),
      ),
    ).toBe(m.imageRequired);
  });

  it('wants prices and quantities above 0 and whole', () => {
    const base = { name: 'H', description: 'S', quantity: 1, image };
    expect(firstMessage(hardwareCreate.safeParse({ ...base, price: 0 }))).toBe(m.validPrice);
    expect(firstMessage(hardwareCreate.safeParse({ ...base, price: 'abc' }))).toBe(m.validPrice);
    expect(firstMessage(hardwareCreate.safeParse({ ...base, price: 10.5 }))).toBe(m.validPrice);
    expect(firstMessage(hardwareCreate.safeParse({ ...base, price: 5, quantity: -1 }))).toBe(
      m.validQuantity,
    );
  });

  it('coerces form strings and trims text', () => {
    const parsed = hardwareCreate.parse({
      name: ' Hammer ',
      description: 'Steel',
      price: '1500',
      quantity: '3',
      image,
    });
    expect(parsed).toMatchObject({ name: 'Hammer', price: 1500, quantity: 3 });
  });

  it('requires nutrients for animal-feeding', () => {
    const base = { name: 'Feed', description: 'Maize bran', price: 100, quantity: 3, image };
    expect(firstMessage(feedingCreate.safeParse(base))).toBe(m.nutrientsRequired);
    expect(feedingCreate.parse({ ...base, nutrients: 'Protein 12%' }).nutrients).toBe(
      'Protein 12%',
    );
  });
});

describe('productCreateSchema (godown)', () => {
  it('asks for all five fields and positive numbers, without an image', () => {
    expect(firstMessage(godownCreate.safeParse({}))).toBe(m.allFieldsRequired);
    const full = { name: 'Cement', description: 'Bags', price: 100, quantity: 5, location: 'A' };
    expect(godownCreate.parse(full)).toMatchObject(full);
    expect(firstMessage(godownCreate.safeParse({ ...full, price: 0 }))).toBe(m.godownPrice);
    expect(firstMessage(godownCreate.safeParse({ ...full, quantity: 0 }))).toBe(m.godownQuantity);
    expect(firstMessage(godownCreate.safeParse({ ...full, location: ' ' }))).toBe(
      m.allFieldsRequired,
    );
  });
});

describe('productEditSchema', () => {
  it('uses the standard edit texts and order', () => {
    const edit = productEditSchema(departments.hardware);
    expect(firstMessage(edit.safeParse({}))).toBe(m.nameRequired);
    expect(
      firstMessage(edit.safeParse({ name: 'H', description: 'D', quantity: 0, price: 0 })),
    ).toBe(m.editQuantity);
    expect(
      firstMessage(edit.safeParse({ name: 'H', description: 'D', quantity: 1, price: 0 })),
    ).toBe(m.editPrice);
    expect(
      edit.parse({
        name: 'H',
        description: 'D',
        quantity: 1,
        price: 2,
        baseVersion: 4,
        image: 'x',
      }),
    ).toEqual({ name: 'H', description: 'D', quantity: 1, price: 2, baseVersion: 4 });
  });

  it('lets animal-feeding set stock to 0 but not the price', () => {
    const edit = productEditSchema(departments['animal-feeding']);
    const base = { name: 'Feed', description: 'D', price: 100, quantity: 0 };
    expect(edit.parse(base)).toMatchObject(base);
    expect(firstMessage(edit.safeParse({ ...base, price: 0 }))).toBe(m.feedingPrice);
    expect(firstMessage(edit.safeParse({ ...base, quantity: -1 }))).toBe(m.feedingQuantity);
  });

  it('uses the godown dialog texts and description limit', () => {
    const edit = productEditSchema(departments.godown);
    const base = { name: 'Cement', description: 'D', price: 0, quantity: 0, location: 'Deck' };
    expect(edit.parse(base)).toMatchObject(base);
    expect(firstMessage(edit.safeParse({ ...base, name: '' }))).toBe(m.godownNameRequired);
    expect(firstMessage(edit.safeParse({ ...base, price: -1 }))).toBe(m.godownPriceNegative);
    expect(firstMessage(edit.safeParse({ ...base, quantity: -1 }))).toBe(m.godownQuantityNegative);
    expect(firstMessage(edit.safeParse({ ...base, location: '' }))).toBe(m.godownLocationRequired);
    expect(firstMessage(edit.safeParse({ ...base, description: '' }))).toBe(
      m.godownDescriptionRequired,
    );
    expect(firstMessage(edit.safeParse({ ...base, description: 'x'.repeat(501) }))).toBe(
      m.descriptionTooLong,
    );
  });
});

describe('detectImageType', () => {
  it('reads PNG, JPEG and GIF signatures', () => {
    expect(
      detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('image/png');
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(detectImageType(new TextEncoder().encode('GIF87a...'))).toBe('image/gif');
  });

  it('rejects anything else, whatever its name', () => {
    expect(detectImageType(new TextEncoder().encode('hello, not a png'))).toBeNull();
    expect(detectImageType(new Uint8Array([]))).toBeNull();
  });
});

describe('productImagePath', () => {
  it('is relative to the API base', () => {
    expect(productImagePath('abc')).toBe('images/abc');
    expect(productImagePath(null)).toBeNull();
  });
});
