import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { DepartmentScreen, ProductDepartmentId } from '../../../../domain/departments.ts';
import { descriptorText } from '../../../i18n/department-name.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useLowStockCount } from '../low-stock.ts';
import { useDepartment } from '../use-department.ts';
import '../../../components/plain-controls.css';
import './department-header.css';

/**
 * The route of each screen a department menu (descriptor `menu`) can list. A new screen adds its
 * route here; typecheck fails until it does.
 */
const screenRoutes = {
  home: '/$dept',
  'order-item': '/$dept/order-item',
  orders: '/$dept/orders',
  'low-stock': '/$dept/low-stock',
  'admin/upload': '/$dept/admin/upload',
  'admin/manage': '/$dept/admin/manage',
  'admin/users': '/$dept/admin/users',
  'admin/figures': '/$dept/admin/figures',
  'admin/bulk-upload': '/$dept/admin/bulk-upload',
  'admin/move': '/$dept/admin/move',
  'admin/movement-logs': '/$dept/admin/movement-logs',
  counts: '/$dept/counts',
  sale: '/$dept/sale',
  deliveries: '/$dept/deliveries',
} as const satisfies Record<DepartmentScreen, string>;

function NavLinks({
  dept,
  canManage,
  onNavigate,
}: {
  dept: ProductDepartmentId;
  canManage: boolean;
  onNavigate?: () => void;
}) {
  const t = useT();
  const { descriptor } = useDepartment(dept);
  const lowStock = useLowStockCount(dept);
  return descriptor.menu
    .filter((item) => item.access === 'staff' || canManage)
    .map((item) => (
      <Link
        key={item.screen}
        className="button button--ghost button--sm dept-header__link"
        to={screenRoutes[item.screen]}
        params={{ dept }}
        // Home is active only on itself, not on every page below it.
        activeOptions={{ exact: item.screen === 'home' }}
        onClick={onNavigate}
      >
        {descriptorText(t, item.labelKey, item.screen)}
        {item.screen === 'low-stock' && lowStock ? (
          <span className="plain-badge plain-badge--red-solid dept-header__count">
            <span aria-hidden="true">{lowStock}</span>
            <span className="visually-hidden">
              {t('inventory.lowStock.navCount', { count: lowStock })}
            </span>
          </span>
        ) : null}
      </Link>
    ));
}

/** Links that fit one line beside the department's name from 48em (768 px) on. */
const maxInlineOnTablet = 6;

/**
 * The department's own header navigation (spec section 2): the descriptor's menu (today Home,
 * Order item, Orders, plus Upload and Manage for admins); on small screens the links fold into a
 * menu button. Plain elements (department-header.css): it is part of the department home, which
 * renders without Chakra (chakra-gate.tsx).
 */
export function DepartmentHeader({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { name, canManage, descriptor } = useDepartment(dept);
  // A long menu (godown's, for an admin: nine links) does not fit a tablet's 800 px in one line:
  // it stays folded into the menu button up to a laptop's width (issue 14: no hidden links).
  const links = descriptor.menu.filter((item) => item.access === 'staff' || canManage).length;
  const inlineFrom = links > maxInlineOnTablet ? 'xl' : 'md';
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="dept-header">
      <div className="site-container dept-header__inner">
        <div className="dept-header__bar">
          <p className="dept-header__name">{name}</p>
          <nav
            aria-label={t('catalog.nav.label', { name })}
            className={`dept-header__links dept-header__inline--${inlineFrom}`}
          >
            <NavLinks dept={dept} canManage={canManage} />
          </nav>
          <button
            type="button"
            className={`button button--outline button--sm dept-header__folded--${inlineFrom}`}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={
              open ? t('catalog.nav.closeMenu', { name }) : t('catalog.nav.openMenu', { name })
            }
            onClick={() => setOpen((value) => !value)}
          >
            {t('nav.menu')}
          </button>
        </div>
        {open ? (
          <nav
            id={menuId}
            aria-label={t('catalog.nav.label', { name })}
            className={`dept-header__menu dept-header__folded--${inlineFrom}`}
          >
            <NavLinks dept={dept} canManage={canManage} onNavigate={() => setOpen(false)} />
          </nav>
        ) : null}
      </div>
    </header>
  );
}
