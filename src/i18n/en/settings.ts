/**
 * /admin/settings: the company details printed on receipts and reports, and the change of one's
 * own password. The `settings.message.*` values are the messages of domain/settings.ts (written
 * out: that module loads zod, the dictionaries are start-up code; admin-dictionary.test.ts keeps
 * them equal), so translateMessage() finds the server's text.
 */
export const settingsEn = {
  'settings.title': 'System Settings',
  'settings.loading': 'Loading settings…',
  'settings.company.title': 'Company details',
  'settings.company.text':
    'Printed on every receipt and report. Tablets keep a copy, so receipts print offline.',
  'settings.field.name': 'Company name',
  'settings.field.address': 'Address',
  'settings.field.phone': 'Phone',
  'settings.field.tin': 'TIN',
  'settings.field.receiptFooter': 'Receipt footer',
  'settings.save': 'Save settings',
  'settings.saving': 'Saving…',
  'settings.fetchFailed': 'Failed to load the settings: {message}',
  'settings.password.title': 'Change password',
  'settings.password.text':
    'Your other sessions are signed out when the password changes; this one stays signed in.',
  'settings.password.current': 'Current password',
  'settings.password.new': 'New password',
  'settings.password.confirm': 'Confirm new password',
  'settings.password.submit': 'Change password',
  'settings.password.submitting': 'Changing…',
  'settings.password.kept': 'Password changed successfully! You stay signed in on this device.',
  'settings.password.failed': 'Failed to change the password: {message}',
  'settings.message.nameRequired': 'Company name is required.',
  'settings.message.tooLong': 'This field is too long.',
  'settings.message.saved': 'Settings saved successfully!',
  'settings.tablets.title': 'Tablets',
  'settings.tablets.text':
    'Tablets open the app at a secure address so it keeps working offline. Set up each tablet once from the setup page, then open one of these addresses (tap it, or scan its QR code with the tablet).',
  'settings.tablets.tlsOff':
    'HTTPS is off on this server (TLS=off): tablets on the network cannot keep working offline. Turn it on, or serve HTTPS from a proxy in front.',
  'settings.tablets.ownCertificate':
    'This server uses its own certificate (TLS=files): tablets need nothing installed.',
  'settings.tablets.setup': 'Setup page for a new tablet',
  'settings.tablets.fingerprint': 'Certificate authority fingerprint (SHA-256)',
  'settings.tablets.caExpires': 'Certificate authority valid until {date}',
  'settings.tablets.certificateExpires':
    'Server certificate valid until {date} (renewed by itself)',
  'settings.tablets.qr': 'QR code of {address}',
  'settings.loadStatusFailed': 'Failed to load the server status: {message}',
  'settings.backups.title': 'Backups',
  'settings.backups.schedule':
    'A copy of the database is made every day at {time} ({zone}) in {dir}; the newest {keep} are kept.',
  'settings.backups.last': 'Last backup: {date}, {size}',
  'settings.backups.none': 'No backup yet: the first one is made on {date}.',
  'settings.backups.postgres':
    'The database is PostgreSQL: back it up with pg_dump (see the README, "Backups").',
  'settings.backups.off': 'Daily backups are off (BACKUP_KEEP=0).',
  'settings.message.saveFailed': 'Failed to save settings.',
  'settings.message.currentRequired': 'Current password is required.',
  'settings.message.currentWrong': 'Current password is incorrect.',
  'settings.message.mismatch': 'The new passwords do not match.',
  'settings.message.changed': 'Password changed successfully!',
} as const;
