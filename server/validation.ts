import type { z } from 'zod';
import { httpError } from './http-errors.ts';

export interface FieldError {
  field: string;
  message: string;
}

/** zod issues as the `errors` list of a 400 answer. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * Parses input with a domain schema or throws 400 `{ message: <first issue>, errors }`.
 * A missing body counts as `{}` so the answer names the first missing field (e.g.
 * 'Email is required.') rather than a type error.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw httpError(400, errors[0]?.message ?? 'Invalid request', { errors });
}
