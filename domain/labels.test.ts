import { describe, expect, it } from 'vitest';
import { gs1CheckDigitValid, labelLayouts, labelSlot, labelSymbology } from './labels.ts';

describe('label symbology', () => {
  it('draws a valid EAN-13 or UPC-A as such, and a wrong check digit as Code 128', () => {
    expect(labelSymbology('4006381333931')).toBe('ean13');
    expect(labelSymbology('036000291452')).toBe('upca');
    expect(labelSymbology('4006381333932')).toBe('code128');
    expect(gs1CheckDigitValid('96385074')).toBe(true); // EAN-8 uses the same rule
  });

  it('uses Code 128 for a shop’s own printable codes and QR for the rest', () => {
    expect(labelSymbology('LT-0001')).toBe('code128');
    expect(labelSymbology('x'.repeat(48))).toBe('code128');
    expect(labelSymbology('x'.repeat(49))).toBe('qrcode');
    expect(labelSymbology('Mafuta-ya-alizeti-ñ')).toBe('qrcode');
  });
});

describe('label layout', () => {
  it('fills an A4 sheet of 3 × 8 left to right, top to bottom, then a new page', () => {
    const sheet = labelLayouts['a4-sheet'];
    expect(labelSlot(sheet, 0)).toEqual({ page: 0, x: 0, y: 0.5, width: 70, height: 37 });
    expect(labelSlot(sheet, 4)).toMatchObject({ page: 0, x: 70, y: 37.5 });
    expect(labelSlot(sheet, 23)).toMatchObject({ page: 0, x: 140, y: 0.5 + 7 * 37 });
    expect(labelSlot(sheet, 24)).toMatchObject({ page: 1, x: 0, y: 0.5 });
    // The last row ends inside the page.
    expect(0.5 + 8 * 37).toBeLessThanOrEqual(sheet.pageHeight);
  });

  it('puts one 50 × 30 mm label on each page of a roll', () => {
    const roll = labelLayouts['roll-50x30'];
    expect(labelSlot(roll, 2)).toEqual({ page: 2, x: 0, y: 0, width: 50, height: 30 });
  });
});
