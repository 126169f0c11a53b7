import { z } from 'zod';

/**
 * Help & Support (spec section 2; docs/architecture.md section 3: "support and contact messages are stored
 * and listed for admins"):
 *
 *   POST  /api/v1/support                       (any signed-in user) SupportInput → 201 {message}
 *   GET   /api/v1/support/messages?limit=       (admin) → InboxMessage[] newest first: support
 *                                                messages and public contact messages together
 *   GET   /api/v1/support/unread-count          (admin) → {unread}
 *   PATCH /api/v1/support/messages/:id          (admin) {read: boolean} → InboxMessage
 *
 * Messages are plain text, stored as sent and never rendered as HTML.
 */
export const supportLimits = { nameMax: 100, emailMax: 254, subjectMax: 200, messageMax: 4000 };

export const supportMessages = {
  /** Spec section 5: all four fields required. */
  allRequired: 'All fields are required.',
  emailInvalid: 'Please enter a valid email address',
  tooLong: 'This field is too long.',
  sent: 'Thank you! Your message has been sent. We will get back to you soon.',
  sendFailed: 'Failed to send your message. Please try again.',
} as const;

const required = (max: number) =>
  z
    .string({ error: supportMessages.allRequired })
    .trim()
    .min(1, supportMessages.allRequired)
    .max(max, supportMessages.tooLong);

export const supportInputSchema = z.object({
  name: required(supportLimits.nameMax),
  email: required(supportLimits.emailMax).regex(
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    supportMessages.emailInvalid,
  ),
  subject: required(supportLimits.subjectMax),
  message: required(supportLimits.messageMax),
});
export type SupportInput = z.infer<typeof supportInputSchema>;

export const inboxMessageSchema = z.object({
  _id: z.string(),
  /** 'support' from the admin portal's form, 'contact' from the public site's form. */
  source: z.enum(['support', 'contact']),
  name: z.string(),
  /** E-mail (support) or the e-mail / phone the visitor gave (contact). */
  contact: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const markReadSchema = z.object({ read: z.boolean() });
export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
