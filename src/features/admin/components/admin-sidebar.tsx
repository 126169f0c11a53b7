import { Badge, Button, Heading, Separator, Stack, VisuallyHidden } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { departmentIds } from '../../../../domain/departments.ts';
import { UserHomeLink } from '../../../components/nav-link.tsx';
import { useAuditT } from '../../../i18n/admin-section-t.ts';
import { departmentName } from '../../../i18n/department-name.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useUnreadCount } from '../data/admin-unread.ts';

/**
 * The admin pages the sidebar links, in the spec's order (section 2, 'Admin portal'), then the
 * audit trail (issue 26), whose text lives in its own admin-only dictionary (`auditKey`).
 */
const adminLinks = [
  { to: '/admin/dashboard', key: 'admin.nav.dashboard' },
  { to: '/admin/users', key: 'users.adminLink' },
  { to: '/admin/reports', key: 'admin.nav.reports' },
  { to: '/admin/low-stock', key: 'inventory.lowStock.nav' },
  { to: '/admin/revenue', key: 'admin.nav.revenue' },
  { to: '/admin/settings', key: 'admin.nav.settings' },
  { to: '/admin/support', key: 'admin.nav.support' },
  { to: '/admin/inbox', key: 'admin.nav.inbox' },
  { to: '/admin/audit', auditKey: 'audit.nav' },
] as const;

const activeStyle = { '&[aria-current=page]': { bg: 'blue.100', color: 'blue.800' } };

/**
 * 'Admin Portal' with its links, the inbox's unread count, then the departments' own pages. The
 * same content sits in the column of wide screens and in the drawer of small ones; `onNavigate`
 * closes the drawer.
 */
export function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const auditT = useAuditT();
  const unread = useUnreadCount();
  return (
    <Stack gap="4" p="4">
      <Heading as="p" size="lg">
        {t('admin.portal')}
      </Heading>
      <Stack as="nav" aria-label={t('admin.nav.label')} gap="1">
        {adminLinks.map((link) => (
          <Button
            key={link.to}
            asChild
            variant="ghost"
            justifyContent="space-between"
            css={activeStyle}
          >
            <Link to={link.to} onClick={onNavigate}>
              {'auditKey' in link ? auditT(link.auditKey) : t(link.key)}
              {link.to === '/admin/inbox' && unread !== null && unread > 0 ? (
                <Badge colorPalette="red" variant="solid">
                  <span aria-hidden="true">{unread}</span>
                  <VisuallyHidden>{t('admin.nav.unread', { count: unread })}</VisuallyHidden>
                </Badge>
              ) : null}
            </Link>
          </Button>
        ))}
      </Stack>
      <Separator />
      <Stack as="nav" aria-label={t('admin.nav.departments')} gap="1">
        <Heading as="p" size="sm" color="fg.muted">
          {t('admin.nav.departments')}
        </Heading>
        {departmentIds.map((id) => (
          <Button key={id} asChild variant="ghost" size="sm" justifyContent="flex-start">
            <UserHomeLink category={id} onClick={onNavigate}>
              {departmentName(t, id)}
            </UserHomeLink>
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
