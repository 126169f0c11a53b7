import { Link as RouterLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import type { AccessSession } from '../../domain/access.ts';
import { departments, isDepartmentId, type DepartmentId } from '../../domain/departments.ts';

// Styled by shell.css; the router marks the active link with aria-current="page".
const navLinkClass = 'nav-link';

interface NavLinkBaseProps {
  children: ReactNode;
  onClick?: () => void;
}

export function HomeLink({
  children,
  onClick,
  className,
}: NavLinkBaseProps & { className?: string }) {
  return (
    <RouterLink
      className={className ? `${navLinkClass} ${className}` : navLinkClass}
      to="/"
      activeOptions={{ exact: true }}
      onClick={onClick}
    >
      {children}
    </RouterLink>
  );
}

export function NavLink({
  to,
  children,
  onClick,
}: NavLinkBaseProps & { to: '/contact' | '/login' | '/admin' | '/dashboard' }) {
  return (
    <RouterLink className={navLinkClass} to={to} onClick={onClick}>
      {children}
    </RouterLink>
  );
}

/** What serves a category's pages (its descriptor's `pages`); null: none, it has /dashboard. */
function pagesOf(category: string) {
  return isDepartmentId(category) ? departments[category].pages : null;
}

/**
 * A link to a department's home: the print-job pages have their own route (/printing), the
 * catalog departments share /$dept.
 */
export function DepartmentLink({ id, children, onClick }: NavLinkBaseProps & { id: DepartmentId }) {
  return (
    <UserHomeLink category={id} className={navLinkClass} onClick={onClick}>
      {children}
    </UserHomeLink>
  );
}

/**
 * A link to where this user lands after signing in (domain/access.ts landingPathFor): the admin
 * portal for admins, their category's home for everyone else.
 */
export function UserLandingLink({
  user,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { user: AccessSession['user'] }) {
  if (user.role === 'admin') return <RouterLink to="/admin" {...rest} />;
  return <UserHomeLink category={user.category} {...rest} />;
}

/**
 * A plain router link to the home of this category (domain/access.ts homePathFor),
 * forwarding props so it can sit inside `<Button asChild>`.
 */
export function UserHomeLink({
  category,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { category: string }) {
  const pages = pagesOf(category);
  if (pages === 'print-jobs') return <RouterLink to="/printing" {...rest} />;
  if (pages === 'catalog') return <RouterLink to="/$dept" params={{ dept: category }} {...rest} />;
  return <RouterLink to="/dashboard" {...rest} />;
}
