import { AdminReportsPage } from '../features/admin/components/admin-reports-page.tsx';
import { AllProductsExport } from '../features/products/components/all-products-export.tsx';

/** /admin/reports: the reports, and below them the export of every department's products. */
export function AdminReportsRoute() {
  return <AdminReportsPage after={<AllProductsExport />} />;
}
