import { departmentIds, departments, isDepartmentId, type DepartmentId } from './departments.ts';
import { canManageDepartment } from './permissions.ts';
import type { Role } from './users.ts';

/**
 * The PWA's route guard as pure rules (spec sections 2 and 6). The server enforces access on
 * every call; these rules decide only where the browser may go, so a typed URL is caught too.
 */

/** Paths open to everyone, signed in or not. */
export const publicPaths: readonly string[] = ['/', '/contact', '/login'];

export const loginPath = '/login';
export const dashboardPath = '/dashboard';

/**
 * Categories that have pages of their own (their descriptor's `pages`); everything else lands
 * on /dashboard.
 */
const categoriesWithHome: readonly string[] = departmentIds.filter(
  (id) => departments[id].pages !== null,
);

/** What the guard needs to know about the signed-in user. */
export interface AccessSession {
  user: { role: Role | string; category: string };
}

export type AccessResult = { allow: true } | { redirectTo: string };

/** Where a user of this category lands after login and when a route is not theirs. */
export function homePathFor(category: string): string {
  return categoriesWithHome.includes(category) ? `/${category}` : dashboardPath;
}

export const adminPath = '/admin';

/**
 * Where this user lands after signing in: admins in the admin portal (README; the spec's
 * redirect by category is for staff, whose category is their department), everyone else at
 * their category's home.
 */
export function landingPathFor(session: AccessSession): string {
  return session.user.role === 'admin' ? adminPath : homePathFor(session.user.category);
}

/**
 * A comparable form of a path: decoded, lower-case (the router matches case-insensitively, so
 * '/ADMIN' must be judged like '/admin'), no duplicate or trailing slashes, no search or hash.
 */
export function normalizePath(path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] ?? '';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as it is; it matches no route and is judged as written.
  }
  const segments = pathname
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

/** '/login?redirect=<target>' so the user returns to the wanted page after signing in. */
export function loginPathWithRedirect(target: string): string {
  return `${loginPath}?${new URLSearchParams({ redirect: target }).toString()}`;
}

/**
 * First path segments of the signed-in areas. A new top-level area of the app that needs a
 * session MUST be added here; any other path is public or answered by the 404 page.
 */
export const protectedRoots: readonly string[] = ['dashboard', 'admin', ...departmentIds];

/**
 * May this session open this location? `location` is a path, optionally with search and hash
 * (kept in the login redirect). Paths outside the protected areas (public pages and unknown
 * paths, which get the 404 page) are open to everyone.
 */
export function accessFor(session: AccessSession | null, location: string): AccessResult {
  const path = normalizePath(location);
  const [first = '', second] = path.split('/').slice(1);
  if (publicPaths.includes(path) || !protectedRoots.includes(first)) return { allow: true };
  if (!session) return { redirectTo: loginPathWithRedirect(location) };

  const { role, category } = session.user;
  if (role === 'admin') return { allow: true };

  const home = homePathFor(category);
  if (first === 'admin') return { redirectTo: home };
  if (isDepartmentId(first)) {
    if (first !== category) return { redirectTo: home };
    // A department's admin screens: its manager too (docs/decisions/0038), never its staff.
    if (second === 'admin' && !canManageDepartment(session.user, first))
      return { redirectTo: home };
  }
  return { allow: true };
}

/**
 * Where to go after signing in: the `redirect` target when it is a same-origin path this session
 * may open (never an absolute or protocol-relative URL, never /login itself), else the landing
 * path.
 */
export function postLoginPath(session: AccessSession, redirect: unknown): string {
  const home = landingPathFor(session);
  if (typeof redirect !== 'string' || !redirect.startsWith('/')) return home;
  if (redirect.startsWith('//') || redirect.includes('\\') || hasControlOrSpace(redirect)) {
    return home;
  }
  if (normalizePath(redirect) === loginPath) return home;
  return 'allow' in accessFor(session, redirect) ? redirect : home;
}

// Browsers drop tabs and newlines inside URLs, so '/\t/evil.example' would become '//evil.example'.
function hasControlOrSpace(value: string): boolean {
  return Array.from(value).some((char) => char.charCodeAt(0) <= 0x20 || char === '\u007f');
}

/** Department links a user sees in the navigation bar: admins all six, others their own. */
export function departmentsVisibleTo(session: AccessSession | null): DepartmentId[] {
  if (!session) return [];
  if (session.user.role === 'admin') return [...departmentIds];
  const { category } = session.user;
  return isDepartmentId(category) ? [category] : [];
}
