import { departments, isDepartmentId } from '../../domain/departments.ts';
import type { TranslateFn } from './i18n.tsx';
import { isMessageKey } from './translate.ts';

/**
 * A department's display name in the current language (its descriptor's nameKey), the one
 * lookup every screen uses. A category the app does not know is shown as stored.
 */
export function departmentName(t: TranslateFn, category: string): string {
  if (!isDepartmentId(category)) return category;
  return descriptorText(t, departments[category].nameKey, category);
}

/**
 * The text of an i18n key a department descriptor carries (domain/ cannot type it as a message
 * key); `fallback` when the key is missing or unknown, which the descriptor test rules out.
 */
export function descriptorText(t: TranslateFn, key: string | null, fallback: string): string {
  return key !== null && isMessageKey(key) ? t(key) : fallback;
}
