import { contactMessages } from '../../../domain/contact-messages.ts';

/**
 * The contact form. The domain's English messages are values here so translateMessage() maps
 * what the schema or the server says to the chosen language.
 */
export const contactEn = {
  'contact.page.title': 'Contact us',
  'contact.page.lead':
    'Questions about prices, orders or our services? Write to us and we will answer soon.',
  'contact.form.label': 'Contact form',
  'contact.name': 'Your name',
  'contact.contact': 'E-mail or phone number',
  'contact.contactHint': 'For example asha@example.com or 0712 345 678',
  'contact.message': 'Message',
  'contact.send': 'Send message',
  'contact.sending': 'Sending…',
  'contact.error.title': 'Your message was not sent',
  'contact.sent.title': 'Message sent',
  'contact.msg.nameRequired': contactMessages.nameRequired,
  'contact.msg.nameTooLong': contactMessages.nameTooLong,
  'contact.msg.contactRequired': contactMessages.contactRequired,
  'contact.msg.contactInvalid': contactMessages.contactInvalid,
  'contact.msg.messageRequired': contactMessages.messageRequired,
  'contact.msg.messageTooLong': contactMessages.messageTooLong,
  'contact.msg.sent': contactMessages.sent,
  'contact.msg.networkError': contactMessages.networkError,
  'contact.msg.rateLimited': contactMessages.rateLimited,
} as const;
