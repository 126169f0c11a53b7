/**
 * Who may do what: the one place both the API (server/plugins/auth.ts) and the PWA (domain
 * access guard, menus, user form) read (docs/decisions/0038-department-managers.md).
 *
 * Roles from most to least: admin (the whole company), manager (runs one department: their
 * category), employee and other (members of their category's department).
 */

/**
 * Who is acting: the signed-in user's role (domain/users.ts roles) and category. Plain strings so
 * this module imports nothing (departments.ts reads Audience from here).
 */
export interface Actor {
  role: string;
  category: string;
}

/**
 * A route's or screen's access rule: 'admin' (company-wide, admins only), { manage: dept } (admins
 * and that department's manager), { department: dept } (admins and every member of it, managers
 * included since a manager's category is their department).
 */
export type AccessRule = 'admin' | { manage: string } | { department: string };

export function isAdmin(actor: Actor): boolean {
  return actor.role === 'admin';
}

/** True for the manager of exactly this department. */
export function isManagerOf(actor: Actor, department: string): boolean {
  return actor.role === 'manager' && actor.category === department;
}

/** May the actor run this department's admin functions (admin, or its manager)? */
export function canManageDepartment(actor: Actor, department: string): boolean {
  return isAdmin(actor) || isManagerOf(actor, department);
}

/** May the actor work in this department (admin, or a member: its manager or staff)? */
export function canEnterDepartment(actor: Actor, department: string): boolean {
  return isAdmin(actor) || actor.category === department;
}

export function passesRule(actor: Actor, rule: AccessRule): boolean {
  if (isAdmin(actor)) return true;
  if (rule === 'admin') return false;
  if ('manage' in rule) return isManagerOf(actor, rule.manage);
  return actor.category === rule.department;
}

/** Who sees a menu item or a mirrored list: everyone of the department, its manager, admins. */
export type Audience = 'staff' | 'manager' | 'admin';

export function audienceAdmits(actor: Actor, audience: Audience, department: string): boolean {
  if (audience === 'staff') return canEnterDepartment(actor, department);
  if (audience === 'manager') return canManageDepartment(actor, department);
  return isAdmin(actor);
}

/** The roles a manager may give: staff only, never admin or manager. */
export const rolesManagersAssign: readonly string[] = ['employee'];

/**
 * May the actor see, edit or delete this user? Admins: anyone. A manager: only the employees of
 * their own department (never an admin, another manager, or themselves through this screen).
 */
export function canManageUser(
  actor: Actor & { id?: string },
  target: { id?: string; role: string; category: string },
): boolean {
  if (isAdmin(actor)) return true;
  if (actor.role !== 'manager') return false;
  if (actor.id !== undefined && actor.id === target.id) return false;
  return target.category === actor.category && rolesManagersAssign.includes(target.role);
}

/** May the actor give a user this role and category (create, or the result of an edit)? */
export function canAssign(actor: Actor, assigned: { role: string; category: string }): boolean {
  if (isAdmin(actor)) return true;
  if (actor.role !== 'manager') return false;
  return assigned.category === actor.category && rolesManagersAssign.includes(assigned.role);
}
