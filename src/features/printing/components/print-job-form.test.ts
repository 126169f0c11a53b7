import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  draftOf,
  draftTotal,
  emptyDraft,
  type PrintJobDraft,
} from './print-job-form.ts';

const filled: PrintJobDraft = {
  description: 'A3 posters, full colour',
  price: '2500',
  quantity: '40',
  contact: '0754 123 456',
  category: 'banners',
};
const invalid = 'Please fill in all fields with valid values.';

describe('the submit-work form', () => {
  it('accepts a complete job and stores the phone number as +255…', () => {
    expect(checkDraft(filled)).toEqual({
      ok: true,
      input: {
        description: 'A3 posters, full colour',
        price: 2500,
        quantity: 40,
        contact: '+255754123456',
        category: 'banners',
      },
    });
  });

  it.each([
    ['an empty form', emptyDraft],
    ['no description', { ...filled, description: '   ' }],
    ['no price', { ...filled, price: '' }],
    ['a price of 0', { ...filled, price: '0' }],
    ['a negative quantity', { ...filled, quantity: '-3' }],
    ['a quantity that is not a number', { ...filled, quantity: '12abc' }],
    ['a fractional quantity', { ...filled, quantity: '2.5' }],
    ['no contact', { ...filled, contact: '' }],
  ])("refuses %s with the spec's message", (_case, draft) => {
    expect(checkDraft(draft)).toEqual({ ok: false, message: invalid });
  });

  it('explains a contact that is not a Tanzanian phone number', () => {
    expect(checkDraft({ ...filled, contact: '0754 123' })).toEqual({
      ok: false,
      message: 'Enter a Tanzanian phone number: +255 or 0 followed by 9 digits.',
    });
    expect(checkDraft({ ...filled, contact: '+255 754-123.456' })).toMatchObject({ ok: true });
  });

  it('computes the total as the user types, and none until both amounts are valid', () => {
    expect(draftTotal({ price: '2500', quantity: '40' })).toBe(100_000);
    expect(draftTotal({ price: '2500', quantity: '' })).toBeNull();
    expect(draftTotal({ price: '25x', quantity: '4' })).toBeNull();
    expect(draftTotal({ price: '0', quantity: '4' })).toBeNull();
  });

  it('starts on magazine and shows a stored job as typed text', () => {
    expect(emptyDraft.category).toBe('magazine');
    expect(
      draftOf({
        description: 'Mugs',
        price: 8000,
        quantity: 12,
        contact: '+255712000111',
        category: 'cups',
      }),
    ).toEqual({
      description: 'Mugs',
      price: '8000',
      quantity: '12',
      contact: '+255712000111',
      category: 'cups',
    });
  });
});
