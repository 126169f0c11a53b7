import { describe, expect, it } from 'vitest';
import { accessFor, departmentsVisibleTo, landingPathFor } from './access.ts';
import { departments } from './departments.ts';
import { audienceAdmits, canAssign, canManageUser, passesRule } from './permissions.ts';

const manager = { user: { role: 'manager', category: 'godown' } };
const clerk = { user: { role: 'employee', category: 'godown' } };

describe('a department manager in the PWA guard', () => {
  it('lands on and reaches their department, its admin screens included', () => {
    expect(landingPathFor(manager)).toBe('/godown');
    for (const path of [
      '/godown',
      '/godown/orders',
      '/godown/admin/manage',
      '/godown/admin/upload',
      '/godown/admin/movement-logs',
      '/godown/admin/figures',
      '/GODOWN/Admin/Move',
    ]) {
      expect(accessFor(manager, path), path).toEqual({ allow: true });
    }
  });

  it('is turned away from the company portal, settings, support and other departments', () => {
    for (const path of [
      '/admin',
      '/admin/users',
      '/admin/settings',
      '/admin/support',
      '/admin/audit',
      '/hardware',
      '/hardware/admin/manage',
      '/hardware/admin/figures',
      '/printing',
      '/printing/admin/figures',
    ]) {
      expect(accessFor(manager, path), path).toEqual({ redirectTo: '/godown' });
    }
    expect(departmentsVisibleTo(manager)).toEqual(['godown']);
  });

  it('still keeps an employee out of their own department’s admin screens', () => {
    expect(accessFor(clerk, '/godown/admin/manage')).toEqual({ redirectTo: '/godown' });
    expect(accessFor(clerk, '/godown/admin/figures')).toEqual({ redirectTo: '/godown' });
    expect(accessFor(clerk, '/godown/orders')).toEqual({ allow: true });
  });

  it("lets printing's manager, and no printing employee, open printing's Figures", () => {
    const printingManager = { user: { role: 'manager', category: 'printing' } };
    const printer = { user: { role: 'employee', category: 'printing' } };
    expect(accessFor(printingManager, '/printing/admin/figures')).toEqual({ allow: true });
    expect(accessFor(printer, '/printing/admin/figures')).toEqual({ redirectTo: '/printing' });
  });

  it('shows a manager their department’s manager links, an employee only the staff ones', () => {
    const menu = departments.godown.menu;
    const seen = (who: { role: string; category: string }) =>
      menu.filter((item) => audienceAdmits(who, item.access, 'godown')).map((item) => item.screen);
    expect(seen(manager.user)).toEqual(menu.map((item) => item.screen));
    expect(seen(clerk.user)).not.toContain('admin/manage');
    expect(seen({ role: 'manager', category: 'hardware' })).toEqual([]);
  });
});

describe('access rules', () => {
  it('let a manager pass their department’s { manage } and { department } rules only', () => {
    expect(passesRule(manager.user, { manage: 'godown' })).toBe(true);
    expect(passesRule(manager.user, { department: 'godown' })).toBe(true);
    expect(passesRule(manager.user, { manage: 'hardware' })).toBe(false);
    expect(passesRule(manager.user, { department: 'hardware' })).toBe(false);
    expect(passesRule(manager.user, 'admin')).toBe(false);
    expect(passesRule(clerk.user, { manage: 'godown' })).toBe(false);
    expect(passesRule({ role: 'admin', category: 'hardware' }, { manage: 'godown' })).toBe(true);
  });

  it('let a manager handle only their own department’s employees', () => {
    const me = { id: 'm1', ...manager.user };
    expect(canManageUser(me, { id: 'e1', role: 'employee', category: 'godown' })).toBe(true);
    expect(canManageUser(me, { id: 'e2', role: 'employee', category: 'hardware' })).toBe(false);
    expect(canManageUser(me, { id: 'a1', role: 'admin', category: 'godown' })).toBe(false);
    expect(canManageUser(me, { id: 'm2', role: 'manager', category: 'godown' })).toBe(false);
    expect(canManageUser(me, { id: 'm1', role: 'manager', category: 'godown' })).toBe(false);
    expect(canAssign(me, { role: 'employee', category: 'godown' })).toBe(true);
    expect(canAssign(me, { role: 'manager', category: 'godown' })).toBe(false);
    expect(canAssign(me, { role: 'employee', category: 'hardware' })).toBe(false);
    expect(canAssign(clerk.user, { role: 'employee', category: 'godown' })).toBe(false);
  });
});
