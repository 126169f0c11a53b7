import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isProductDepartmentId, type DepartmentId } from '../../domain/departments.ts';

/** Shared look of navigation links; the router marks the active one with aria-current="page". */
const navLinkStyle = {
  px: '2',
  py: '1.5',
  rounded: 'md',
  fontWeight: 'medium',
  color: 'fg',
  _hover: { bg: 'bg.muted', textDecoration: 'none' },
  _currentPage: { color: 'blue.fg', bg: 'blue.subtle' },
} as const;

interface NavLinkBaseProps {
  children: ReactNode;
  onClick?: () => void;
}

export function HomeLink({ children, onClick }: NavLinkBaseProps) {
  return (
    <Link asChild {...navLinkStyle}>
      <RouterLink to="/" activeOptions={{ exact: true }} onClick={onClick}>
        {children}
      </RouterLink>
    </Link>
  );
}

export function NavLink({
  to,
  children,
  onClick,
}: NavLinkBaseProps & { to: '/contact' | '/login' | '/admin' | '/dashboard' }) {
  return (
    <Link asChild {...navLinkStyle}>
      <RouterLink to={to} onClick={onClick}>
        {children}
      </RouterLink>
    </Link>
  );
}

/** A link to a department's home: /printing has its own route, the others share /$dept. */
export function DepartmentLink({ id, children, onClick }: NavLinkBaseProps & { id: DepartmentId }) {
  return (
    <Link asChild {...navLinkStyle}>
      {id === 'printing' ? (
        <RouterLink to="/printing" onClick={onClick}>
          {children}
        </RouterLink>
      ) : (
        <RouterLink to="/$dept" params={{ dept: id }} onClick={onClick}>
          {children}
        </RouterLink>
      )}
    </Link>
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
