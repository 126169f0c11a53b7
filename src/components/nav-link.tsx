import { Link as RouterLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isProductDepartmentId, type DepartmentId } from '../../domain/departments.ts';

// Styled by shell.css; the router marks the active link with aria-current="page".
const navLinkClass = 'nav-link';

interface NavLinkBaseProps {
  children: ReactNode;
  onClick?: () => void;
}

export function HomeLink({ children, onClick }: NavLinkBaseProps) {
  return (
    <RouterLink className={navLinkClass} to="/" activeOptions={{ exact: true }} onClick={onClick}>
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

/** A link to a department's home: /printing has its own route, the others share /$dept. */
export function DepartmentLink({ id, children, onClick }: NavLinkBaseProps & { id: DepartmentId }) {
  if (id === 'printing') {
    return (
      <RouterLink className={navLinkClass} to="/printing" onClick={onClick}>
        {children}
      </RouterLink>
    );
  }
  return (
    <RouterLink className={navLinkClass} to="/$dept" params={{ dept: id }} onClick={onClick}>
      {children}
    </RouterLink>
  );
}

/**
 * A plain router link to where a user of this category lands (domain/access.ts homePathFor),
 * forwarding props so it can sit inside `<Button asChild>`.
 */
export function UserHomeLink({
  category,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { category: string }) {
  if (category === 'printing') return <RouterLink to="/printing" {...rest} />;
  if (isProductDepartmentId(category)) {
    return <RouterLink to="/$dept" params={{ dept: category }} {...rest} />;
  }
  return <RouterLink to="/dashboard" {...rest} />;
}
