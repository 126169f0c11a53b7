import { describe, expect, it } from 'vitest';
import { reportMessages } from '../../domain/reports.ts';
import { revenueMessages } from '../../domain/revenue.ts';
import { passwordChangeMessages, settingsMessages } from '../../domain/settings.ts';
import { supportMessages } from '../../domain/support.ts';
import { adminEn } from './en/admin.ts';
import { settingsEn } from './en/settings.ts';
import { translateMessageIn } from './translate.ts';

/**
 * The admin and settings dictionaries write out the server's messages (the domain modules load
 * zod, which the start-up bundle must not). They must stay the same texts, or translateMessage()
 * would no longer find a message the server sends.
 */
describe('admin dictionaries', () => {
  it('hold the domain messages word for word', () => {
    expect(adminEn['admin.message.selectAll']).toBe(reportMessages.selectAll);
    expect(adminEn['admin.message.badDate']).toBe(reportMessages.badDate);
    expect(adminEn['admin.message.startAfterEnd']).toBe(reportMessages.startAfterEnd);
    expect(adminEn['admin.message.generated']).toBe(reportMessages.generated);
    expect(adminEn['admin.message.reportFailed']).toBe(reportMessages.failed);
    expect(adminEn['admin.message.reportNetwork']).toBe(reportMessages.networkFailed);
    expect(adminEn['admin.message.reportEmpty']).toBe(reportMessages.empty);
    expect(adminEn['admin.message.revenueFailed']).toBe(revenueMessages.fetchFailed);
    expect(adminEn['admin.message.allRequired']).toBe(supportMessages.allRequired);
    expect(adminEn['admin.message.emailInvalid']).toBe(supportMessages.emailInvalid);
    expect(adminEn['admin.message.tooLong']).toBe(supportMessages.tooLong);
    expect(adminEn['admin.message.sent']).toBe(supportMessages.sent);
    expect(adminEn['admin.message.sendFailed']).toBe(supportMessages.sendFailed);
    expect(settingsEn['settings.message.nameRequired']).toBe(settingsMessages.nameRequired);
    expect(settingsEn['settings.message.tooLong']).toBe(settingsMessages.tooLong);
    expect(settingsEn['settings.message.saved']).toBe(settingsMessages.saved);
    expect(settingsEn['settings.message.saveFailed']).toBe(settingsMessages.saveFailed);
    expect(settingsEn['settings.message.currentRequired']).toBe(
      passwordChangeMessages.currentRequired,
    );
    expect(settingsEn['settings.message.currentWrong']).toBe(passwordChangeMessages.currentWrong);
    expect(settingsEn['settings.message.mismatch']).toBe(passwordChangeMessages.mismatch);
    expect(settingsEn['settings.message.changed']).toBe(passwordChangeMessages.changed);
  });

  it('translate a server message into Kiswahili', () => {
    expect(translateMessageIn('sw', reportMessages.selectAll)).toBe('Tafadhali jaza sehemu zote');
    expect(translateMessageIn('sw', passwordChangeMessages.currentWrong)).toBe(
      'Nenosiri la sasa si sahihi.',
    );
  });
});
