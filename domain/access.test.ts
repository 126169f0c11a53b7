import { describe, expect, it } from 'vitest';
import {
  accessFor,
  departmentsVisibleTo,
  homePathFor,
  loginPathWithRedirect,
  normalizePath,
  postLoginPath,
  type AccessSession,
} from './access.ts';
import { departmentIds } from './departments.ts';

const user = (role: string, category: string): AccessSession => ({ user: { role, category } });
const otherDepartments = (category: string) => departmentIds.filter((id) => id !== category);

describe('homePathFor', () => {
  it.each(departmentIds)('sends a %s user to their department page', (category) => {
    expect(homePathFor(category)).toBe(`/${category}`);
  });

  it.each(['', 'other', 'sales', 'HARDWARE', 'admin'])(
    'sends category %j to /dashboard',
    (category) => {
      expect(homePathFor(category)).toBe('/dashboard');
    },
  );
});

describe('accessFor without a session', () => {
  it.each(['/', '/contact', '/login', '/contact/', '/LOGIN'])(
    'opens the public path %s',
    (path) => {
      expect(accessFor(null, path)).toEqual({ allow: true });
    },
  );

  it.each([
    '/dashboard',
    '/admin',
    '/admin/users',
    '/printing',
    '/hardware/orders/42',
    '/Fresh-Oil/admin/manage',
  ])('sends %s to /login and keeps it as the redirect target', (path) => {
    expect(accessFor(null, path)).toEqual({ redirectTo: loginPathWithRedirect(path) });
  });

  it.each(['/unknown-page', '/no-such-page/here', '/printing-x'])(
    'lets the unknown path %s through so the 404 page answers it',
    (path) => {
      expect(accessFor(null, path)).toEqual({ allow: true });
    },
  );

  it('keeps the search of the wanted location in the redirect target', () => {
    expect(accessFor(null, '/hardware?page=2')).toEqual({
      redirectTo: '/login?redirect=%2Fhardware%3Fpage%3D2',
    });
  });
});

describe('accessFor an admin', () => {
  const admin = user('admin', 'hardware');
  it.each([
    '/admin',
    '/admin/users/create',
    '/dashboard',
    ...departmentIds.map((id) => `/${id}`),
    ...departmentIds.map((id) => `/${id}/admin/upload`),
    '/hardware/orders/1',
  ])('passes %s', (path) => {
    expect(accessFor(admin, path)).toEqual({ allow: true });
  });

  it('passes an admin whose category has no page', () => {
    expect(accessFor(user('admin', 'other'), '/godown/admin/manage')).toEqual({ allow: true });
  });
});

describe.each(departmentIds)('accessFor a %s employee', (category) => {
  const home = `/${category}`;
  const employee = user('employee', category);

  it('passes their own department and its pages', () => {
    for (const path of [
      home,
      `${home}/`,
      `${home}/orders`,
      `${home}/orders/7`,
      `${home}/order-item`,
    ]) {
      expect(accessFor(employee, path)).toEqual({ allow: true });
    }
  });

  it('passes /dashboard and the public pages', () => {
    for (const path of ['/dashboard', '/', '/contact', '/login']) {
      expect(accessFor(employee, path)).toEqual({ allow: true });
    }
  });

  it('sends other departments to their own home', () => {
    for (const other of otherDepartments(category)) {
      expect(accessFor(employee, `/${other}`)).toEqual({ redirectTo: home });
      expect(accessFor(employee, `/${other}/orders/1`)).toEqual({ redirectTo: home });
    }
  });

  it('sends the admin portal to their own home', () => {
    for (const path of ['/admin', '/admin/', '/admin/users', '/ADMIN', '/%61dmin']) {
      expect(accessFor(employee, path)).toEqual({ redirectTo: home });
    }
  });

  it("sends their department's admin pages to their own home", () => {
    for (const path of [
      `${home}/admin`,
      `${home}/admin/upload`,
      `${home}/admin/manage`,
      `${home}/admin/figures`,
    ]) {
      expect(accessFor(employee, path)).toEqual({ redirectTo: home });
    }
  });

  it('judges paths case-insensitively and ignores duplicate slashes', () => {
    const other = otherDepartments(category)[0] ?? '';
    expect(accessFor(employee, `/${other.toUpperCase()}`)).toEqual({ redirectTo: home });
    expect(accessFor(employee, `//${category}//admin//manage`)).toEqual({ redirectTo: home });
  });
});

describe('accessFor a user whose category has no page', () => {
  const stranger = user('other', 'sales');
  it('passes /dashboard', () => {
    expect(accessFor(stranger, '/dashboard')).toEqual({ allow: true });
  });

  it.each(['/admin', '/admin/users', ...departmentIds.map((id) => `/${id}`)])(
    'sends %s to /dashboard',
    (path) => {
      expect(accessFor(stranger, path)).toEqual({ redirectTo: '/dashboard' });
    },
  );

  it('lets an unknown path through so the 404 page answers it', () => {
    expect(accessFor(stranger, '/no-such-page')).toEqual({ allow: true });
  });
});

describe('accessFor the role "other" in a department', () => {
  it('follows the same rules as an employee', () => {
    const viewer = user('other', 'printing');
    expect(accessFor(viewer, '/printing/orders')).toEqual({ allow: true });
    expect(accessFor(viewer, '/hardware')).toEqual({ redirectTo: '/printing' });
    expect(accessFor(viewer, '/admin')).toEqual({ redirectTo: '/printing' });
  });
});

describe('normalizePath', () => {
  it('drops search, hash, case, duplicate and trailing slashes', () => {
    expect(normalizePath('//Hardware//Orders/?page=2#top')).toBe('/hardware/orders');
    expect(normalizePath('')).toBe('/');
  });

  it('keeps a malformed escape as written', () => {
    expect(normalizePath('/bad%E0%A4%A')).toBe('/bad%e0%a4%a');
  });
});

describe('postLoginPath', () => {
  const employee = user('employee', 'hardware');
  const admin = user('admin', 'printing');

  it('goes to the redirect target when the user may open it', () => {
    expect(postLoginPath(employee, '/hardware/orders?page=2')).toBe('/hardware/orders?page=2');
    expect(postLoginPath(admin, '/admin/users')).toBe('/admin/users');
  });

  it('goes home when the target is not theirs', () => {
    expect(postLoginPath(employee, '/godown')).toBe('/hardware');
    expect(postLoginPath(employee, '/admin')).toBe('/hardware');
  });

  it('goes home without a usable target', () => {
    for (const target of [undefined, null, 42, '', 'hardware', '/login', '/login?redirect=%2F']) {
      expect(postLoginPath(employee, target)).toBe('/hardware');
    }
  });

  it('never leaves the site', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(postLoginPath(admin, target)).toBe('/admin');
    }
  });

  it('lands an admin in the admin portal whatever their category, staff at their department', () => {
    for (const category of ['printing', 'hardware', 'other']) {
      expect(postLoginPath(user('admin', category), undefined)).toBe('/admin');
    }
    expect(postLoginPath(user('employee', 'printing'), undefined)).toBe('/printing');
  });

  it('sends a user without a department page to /dashboard', () => {
    expect(postLoginPath(user('employee', 'other'), undefined)).toBe('/dashboard');
  });
});

describe('departmentsVisibleTo', () => {
  it('shows nothing when signed out', () => {
    expect(departmentsVisibleTo(null)).toEqual([]);
  });

  it('shows an admin every department', () => {
    expect(departmentsVisibleTo(user('admin', 'godown'))).toEqual([...departmentIds]);
  });

  it.each(departmentIds)('shows a %s employee only their department', (category) => {
    expect(departmentsVisibleTo(user('employee', category))).toEqual([category]);
  });

  it('shows no department to a user whose category has no page', () => {
    expect(departmentsVisibleTo(user('employee', 'other'))).toEqual([]);
  });
});
