import { describe, expect, it } from 'vitest';
import { bulkUploadMessages as m } from '../../../domain/bulk-upload-messages.ts';
import { buildXlsx } from '../../../tests/fixtures/xlsx-fixture.ts';
import { parseUpload } from './parse-file.ts';

const csv = (text: string) => new TextEncoder().encode(text);

describe('parsing an upload in a worker thread', () => {
  it('returns the products of a good file and the rows at fault of a bad one', async () => {
    expect(
      await parseUpload({
        bytes: buildXlsx([
          ['Cement', 12_000, 5, 'Deck A', 'Bags'],
          ['Nails', 700, 9, 'Deck B', 'Boxes', '4006381333931'],
        ]),
        fileName: 'a.xlsx',
      }),
    ).toEqual({
      kind: 'products',
      products: [
        {
          row: 1,
          name: 'Cement',
          price: 12_000,
          quantity: 5,
          location: 'Deck A',
          description: 'Bags',
        },
        {
          row: 2,
          name: 'Nails',
          price: 700,
          quantity: 9,
          location: 'Deck B',
          description: 'Boxes',
          barcode: '4006381333931',
        },
      ],
    });
    expect(
      await parseUpload({ bytes: csv('Cement,0,5,Deck A,Bags\n'), fileName: 'a.csv' }),
    ).toEqual({
      kind: 'invalid',
      errors: [{ row: 1, errors: [m.price] }],
    });
  });

  it('ends a worker that has not answered in time and says the file took too long', async () => {
    // Starting a worker and loading the readers takes far longer than 1 ms.
    const outcome = await parseUpload(
      { bytes: csv('Cement,1,5,Deck A,Bags\n'), fileName: 'a.csv' },
      { timeoutMs: 1 },
    );
    expect(outcome).toEqual({ kind: 'refused', refusal: { status: 413, message: m.tooSlow } });
  });
});
