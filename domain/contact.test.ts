import { describe, expect, it } from 'vitest';
import { contactMessages } from './contact-messages.ts';
import { classifyContact, contactFieldErrors, contactSchema } from './contact.ts';

const valid = { name: 'Asha Mussa', contact: 'asha@example.co.tz', message: 'Habari, naomba bei.' };

describe('classifyContact', () => {
  it('accepts e-mail addresses and lower-cases them', () => {
    expect(classifyContact(' Asha@Example.CO.TZ ')).toEqual({
      kind: 'email',
      normalized: 'asha@example.co.tz',
    });
  });

  it('accepts Tanzanian mobile and fixed numbers in local and international form', () => {
    for (const phone of [
      '0712345678',
      '0712 345 678',
      '+255712345678',
      '255 712 345 678',
      '022 212 3456',
      '(022) 212-3456',
      '0655-123-456',
      '00255712345678',
    ]) {
      expect(classifyContact(phone)?.kind, phone).toBe('phone');
    }
    expect(classifyContact('0712 345 678')?.normalized).toBe('+255712345678');
    expect(classifyContact('+255 712 345 678')?.normalized).toBe('+255712345678');
  });

  it('accepts other international numbers in + form', () => {
    expect(classifyContact('+254 712 345678')).toEqual({
      kind: 'phone',
      normalized: '+254712345678',
    });
    expect(classifyContact('+44 20 7946 0958')?.kind).toBe('phone');
  });

  it('rejects text that is neither an e-mail nor a phone number', () => {
    for (const value of [
      '',
      'asha',
      'asha@',
      'asha@example',
      '12345',
      '0812345678',
      '071234567',
      '+0712345678',
      '+1234567',
      'call me 0712345678',
    ]) {
      expect(classifyContact(value), value).toBeNull();
    }
  });
});

describe('contactSchema', () => {
  it('accepts a complete message and trims the fields', () => {
    const parsed = contactSchema.parse({ ...valid, name: '  Asha Mussa ', message: ' Habari ' });
    expect(parsed).toEqual({ ...valid, message: 'Habari' });
  });

  it('reports a clear message per missing field', () => {
    const result = contactSchema.safeParse({ name: ' ', contact: '', message: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(contactFieldErrors(result.error)).toEqual({
      name: contactMessages.nameRequired,
      contact: contactMessages.contactRequired,
      message: contactMessages.messageRequired,
    });
  });

  it('treats absent or non-string fields as missing', () => {
    const result = contactSchema.safeParse({ name: 5 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(contactFieldErrors(result.error)).toEqual({
      name: contactMessages.nameRequired,
      contact: contactMessages.contactRequired,
      message: contactMessages.messageRequired,
    });
  });

  it('rejects an invalid e-mail or phone with one message', () => {
    const result = contactSchema.safeParse({ ...valid, contact: 'not-a-contact' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues[0]?.message).toBe(contactMessages.contactInvalid);
  });

  it('limits the length of the name and the message', () => {
    const long = contactSchema.safeParse({
      ...valid,
      name: 'a'.repeat(101),
      message: 'b'.repeat(2001),
    });
    expect(long.success).toBe(false);
    if (long.success) return;
    expect(contactFieldErrors(long.error)).toEqual({
      name: contactMessages.nameTooLong,
      message: contactMessages.messageTooLong,
    });
    expect(contactSchema.safeParse({ ...valid, message: 'b'.repeat(2000) }).success).toBe(true);
  });

  it('keeps markup as plain text (no stripping, no interpretation)', () => {
    const parsed = contactSchema.parse({ ...valid, message: '<script>alert(1)</script>' });
    expect(parsed.message).toBe('<script>alert(1)</script>');
  });
});
