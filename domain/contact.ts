import { z } from 'zod';
import { contactMessages } from './contact-messages.ts';

/**
 * The public contact form: one schema used by the form (per-field errors) and by
 * POST /api/v1/contact. Messages are English; the PWA shows them through translateMessage.
 * A message is stored and shown as plain text only — never interpreted as HTML.
 */
export const contactLimits = {
  nameMax: 100,
  contactMax: 254,
  messageMax: 2000,
} as const;

export type ContactKind = 'email' | 'phone';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Tanzanian numbers: 0 + 9 digits (mobile 06x/07x, fixed 02x) or the same with country code 255.
const tzLocalPattern = /^0([267]\d{8})$/;
const tzInternationalPattern = /^(?:\+|00)?255([267]\d{8})$/;
// Any other country in E.164 form: + (or 00) and 8 to 15 digits, not starting with 0.
const e164Pattern = /^(?:\+|00)([1-9]\d{7,14})$/;

/**
 * Recognises an e-mail address or a phone number and returns it normalised (e-mail lower-cased,
 * phone as E.164 '+255712345678'), or null when it is neither. Spaces, dots, dashes and
 * parentheses inside a phone number are ignored.
 */
export function classifyContact(value: string): { kind: ContactKind; normalized: string } | null {
  const trimmed = value.trim();
  if (trimmed.includes('@')) {
    return emailPattern.test(trimmed) && trimmed.length <= contactLimits.contactMax
      ? { kind: 'email', normalized: trimmed.toLowerCase() }
      : null;
  }
  const compact = trimmed.replace(/[\s().-]/g, '');
  const tz = tzLocalPattern.exec(compact) ?? tzInternationalPattern.exec(compact);
  if (tz) return { kind: 'phone', normalized: `+255${tz[1]}` };
  const intl = e164Pattern.exec(compact);
  if (intl) return { kind: 'phone', normalized: `+${intl[1]}` };
  return null;
}

export const contactSchema = z.object({
  name: z
    .string({ error: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(contactLimits.nameMax, contactMessages.nameTooLong),
  contact: z
    .string({ error: contactMessages.contactRequired })
    .trim()
    .min(1, contactMessages.contactRequired)
    .max(contactLimits.contactMax, contactMessages.contactInvalid)
    .refine((value) => classifyContact(value) !== null, contactMessages.contactInvalid),
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, contactMessages.messageRequired)
    .max(contactLimits.messageMax, contactMessages.messageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;

/** First error message per field, for showing under each input. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'contact' || field === 'message') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** A stored contact message as the admin listing returns it (newest first). */
export interface ContactMessage {
  _id: string;
  name: string;
  /** As typed by the sender (trimmed). */
  contact: string;
  contactKind: ContactKind;
  message: string;
  createdAt: string;
}

/** Answer of POST /api/v1/contact. */
export interface ContactSentResponse {
  _id: string;
  createdAt: string;
  message: string;
}
