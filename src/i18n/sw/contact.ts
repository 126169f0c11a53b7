import type { contactEn } from '../en/contact.ts';

/** Kiswahili of the contact form. Terms follow docs/glossary.md. */
export const contactSw: Record<keyof typeof contactEn, string> = {
  'contact.page.title': 'Wasiliana nasi',
  'contact.page.lead':
    'Una swali kuhusu bei, oda au huduma zetu? Tuandikie nasi tutakujibu hivi karibuni.',
  'contact.form.label': 'Fomu ya mawasiliano',
  'contact.name': 'Jina lako',
  'contact.contact': 'Barua pepe au namba ya simu',
  'contact.contactHint': 'Kwa mfano asha@example.com au 0712 345 678',
  'contact.message': 'Ujumbe',
  'contact.send': 'Tuma ujumbe',
  'contact.sending': 'Inatuma…',
  'contact.error.title': 'Ujumbe wako haukutumwa',
  'contact.sent.title': 'Ujumbe umetumwa',
  'contact.msg.nameRequired': 'Tafadhali andika jina lako.',
  'contact.msg.nameTooLong': 'Jina lisizidi herufi 100.',
  'contact.msg.contactRequired': 'Tafadhali andika barua pepe au namba yako ya simu.',
  'contact.msg.contactInvalid': 'Andika barua pepe au namba ya simu iliyo sahihi.',
  'contact.msg.messageRequired': 'Tafadhali andika ujumbe wako.',
  'contact.msg.messageTooLong': 'Ujumbe usizidi herufi 2000.',
  'contact.msg.sent': 'Asante! Ujumbe wako umetumwa.',
  'contact.msg.networkError':
    'Imeshindikana kufikia seva. Angalia mtandao wako kisha ujaribu tena.',
  'contact.msg.rateLimited': 'Umetuma jumbe nyingi mno. Tafadhali jaribu tena baadaye.',
};
