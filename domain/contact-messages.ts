/**
 * The contact form's texts, shared by the form, the server and the dictionaries. Kept apart from
 * the schema in contact.ts, which needs zod: the PWA's dictionaries import these on every page.
 */
export const contactMessages = {
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Name must be at most 100 characters.',
  contactRequired: 'Please enter your e-mail or phone number.',
  contactInvalid: 'Enter a valid e-mail address or phone number.',
  messageRequired: 'Please enter your message.',
  messageTooLong: 'Message must be at most 2000 characters.',
  sent: 'Thank you! Your message has been sent.',
  networkError: 'Could not reach the server. Check your connection and try again.',
  rateLimited: 'Too many messages. Please try again later.',
} as const;
