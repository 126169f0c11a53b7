import { productDepartmentIds } from '../../domain/departments.ts';
import { LowStockPage } from '../features/products/components/low-stock-page.tsx';
import { useT } from '../i18n/i18n.tsx';

/** /admin/low-stock: the 'Low stock' page over every product department (issue 15). */
export function AdminLowStockRoute() {
  const t = useT();
  return <LowStockPage depts={productDepartmentIds} title={t('inventory.lowStock.allTitle')} />;
}
