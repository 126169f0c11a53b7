import { z } from 'zod';
import { defaultCompanyDetails } from './company.ts';

/**
 * The company settings (docs/architecture.md section 3: "settings save company details"): printed on
 * receipts and reports. One row, served as a mirrored list of one item so every signed-in user's
 * tablet keeps it offline (receipts print offline):
 *
 *   GET /api/v1/settings          (any signed-in user) → [CompanySettings]   (sync-page contract
 *                                  with ?updatedSince=, like the other mirrored lists)
 *   PUT /api/v1/settings          (admin) body CompanySettingsInput → CompanySettings
 *
 * Before an admin saves anything the server answers the defaults of domain/company.ts.
 */
export const companySettingsId = 'company';

export const settingsLimits = { textMax: 200, footerMax: 500 } as const;

export const settingsMessages = {
  nameRequired: 'Company name is required.',
  tooLong: 'This field is too long.',
  saved: 'Settings saved successfully!',
  saveFailed: 'Failed to save settings.',
} as const;

const text = (max: number, error?: string) =>
  z
    .string(error ? { error } : undefined)
    .trim()
    .max(max, settingsMessages.tooLong);

export const companySettingsInputSchema = z.object({
  // A missing or non-text name says what is wrong, not zod's type message.
  name: text(settingsLimits.textMax, settingsMessages.nameRequired).min(
    1,
    settingsMessages.nameRequired,
  ),
  address: text(settingsLimits.textMax).default(''),
  phone: text(settingsLimits.textMax).default(''),
  tin: text(settingsLimits.textMax).default(''),
  receiptFooter: text(settingsLimits.footerMax).default(''),
});
export type CompanySettingsInput = z.infer<typeof companySettingsInputSchema>;

export const companySettingsSchema = companySettingsInputSchema.extend({
  _id: z.literal(companySettingsId),
  updatedAt: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const defaultCompanySettings: CompanySettingsInput = {
  ...defaultCompanyDetails,
  receiptFooter: 'Asante kwa kununua! Thank you for your business.',
};

/**
 * PUT /api/v1/users/me/password (any signed-in user): checks the current password, stores the new
 * one and bumps the user's token version, which revokes every other session; the answer carries a
 * fresh token for this one: { token, message }.
 */
export const passwordChangeMessages = {
  currentRequired: 'Current password is required.',
  currentWrong: 'Current password is incorrect.',
  mismatch: 'The new passwords do not match.',
  changed: 'Password changed successfully!',
} as const;

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: passwordChangeMessages.currentRequired })
    .min(1, passwordChangeMessages.currentRequired)
    .max(1024, passwordChangeMessages.currentWrong),
  newPassword: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(1024, 'Password must be at least 6 characters'),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export const passwordChangedSchema = z.object({ token: z.string().min(1), message: z.string() });
