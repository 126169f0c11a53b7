import { HTTPError } from 'ky';
import { contactMessages } from '../../../domain/contact-messages.ts';
import {
  type ContactField,
  type ContactInput,
  type ContactSentResponse,
} from '../../../domain/contact.ts';
import { apiClient, serverMessageOf } from '../../api/client.ts';

export type SendContactResult =
  | { ok: true; response: ContactSentResponse }
  | { ok: false; message: string; fieldErrors: Partial<Record<ContactField, string>> };

const fields: readonly ContactField[] = ['name', 'contact', 'message'];

function isFieldList(value: unknown): value is { field: string; message: string }[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { field?: unknown }).field === 'string' &&
        typeof (item as { message?: unknown }).message === 'string',
    )
  );
}

/**
 * POST /api/v1/contact. Online only (a visitor has no outbox). Never throws: the result carries
 * the English message to show (translated by the caller) and any per-field errors from a 400.
 */
export async function sendContactMessage(input: ContactInput): Promise<SendContactResult> {
  try {
    const response = await apiClient.post('contact', { json: input }).json<ContactSentResponse>();
    return { ok: true, response };
  } catch (error) {
    if (!(error instanceof HTTPError)) {
      return { ok: false, message: contactMessages.networkError, fieldErrors: {} };
    }
    if (error.response.status === 429) {
      return { ok: false, message: contactMessages.rateLimited, fieldErrors: {} };
    }
    const fieldErrors: Partial<Record<ContactField, string>> = {};
    try {
      const body: unknown = await error.response.clone().json();
      const errors =
        body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
      if (isFieldList(errors)) {
        for (const item of errors) {
          const field = fields.find((name) => name === item.field);
          if (field && !fieldErrors[field]) fieldErrors[field] = item.message;
        }
      }
    } catch {
      // Not JSON: only the generic message below.
    }
    const message = (await serverMessageOf(error)) ?? contactMessages.networkError;
    return { ok: false, message, fieldErrors };
  }
}
