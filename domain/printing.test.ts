import { describe, expect, it } from 'vitest';
import {
  formatReceiptNumber,
  normaliseTanzanianPhone,
  printingMessages,
  printingOrderEditSchema,
  printingOrderSchema,
} from './printing.ts';

const job = {
  description: 'Wedding cards',
  price: 1500,
  quantity: 200,
  contact: '0712 345 678',
  category: 'cards',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('normaliseTanzanianPhone', () => {
  it.each([
    ['+255712345678', '+255712345678'],
    ['0712345678', '+255712345678'],
    ['+255 712 345 678', '+255712345678'],
    ['0712-345-678', '+255712345678'],
    [' 0754.123.456 ', '+255754123456'],
    ['022 211 2345', '+255222112345'],
  ])('reads %j as %s', (text, phone) => {
    expect(normaliseTanzanianPhone(text)).toBe(phone);
  });

  it.each([
    '712345678',
    '255712345678',
    '+2550712345678',
    '071234567',
    '07123456789',
    '+254712345678',
    '0012345678',
    '07l2345678',
    '(0712) 345678',
  ])('refuses %j', (text) => {
    expect(normaliseTanzanianPhone(text)).toBeNull();
  });
});

describe('printingOrderSchema', () => {
  it('normalises the contact, defaults the category and drops a client total', () => {
    const parsed = printingOrderSchema.parse({ ...job, category: undefined, totalPrice: 1 });
    expect(parsed).toEqual({
      description: 'Wedding cards',
      price: 1500,
      quantity: 200,
      contact: '+255712345678',
      category: 'magazine',
    });
  });

  it('reads form strings as whole numbers', () => {
    expect(printingOrderSchema.parse({ ...job, price: ' 1500 ', quantity: '3' })).toMatchObject({
      price: 1500,
      quantity: 3,
    });
  });

  it.each([
    ['a blank description', { description: '  ' }],
    ['a missing price', { price: undefined }],
    ['a zero price', { price: 0 }],
    ['a price with cents', { price: 12.5 }],
    ['a negative quantity', { quantity: -1 }],
    ['a text quantity', { quantity: 'ten' }],
    ['a missing contact', { contact: '' }],
  ])('answers the spec message for %s', (_name, change) => {
    expect(firstMessage(printingOrderSchema.safeParse({ ...job, ...change }))).toBe(
      printingMessages.invalidFields,
    );
  });

  it('explains a malformed phone number and an unknown category', () => {
    expect(firstMessage(printingOrderSchema.safeParse({ ...job, contact: '12345' }))).toBe(
      printingMessages.invalidContact,
    );
    expect(firstMessage(printingOrderSchema.safeParse({ ...job, category: 'posters' }))).toBe(
      printingMessages.invalidCategory,
    );
  });
});

describe('printingOrderEditSchema', () => {
  it('leaves out a price and a category the edit did not send', () => {
    const { price: _price, category: _category, ...edit } = job;
    expect(printingOrderEditSchema.parse({ ...edit, totalPrice: 5 })).toEqual({
      description: 'Wedding cards',
      quantity: 200,
      contact: '+255712345678',
    });
  });
});

describe('formatReceiptNumber', () => {
  it('pads the sequence number to six digits', () => {
    expect(formatReceiptNumber(123)).toBe('PR-000123');
    expect(formatReceiptNumber(1_234_567)).toBe('PR-1234567');
  });
});
