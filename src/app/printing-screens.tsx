import { getRouteApi } from '@tanstack/react-router';
import { PrintOrderDetailPage } from '../features/printing/components/print-order-detail-page.tsx';

export { PrintOrdersPage } from '../features/printing/components/print-orders-page.tsx';
export { PrintingLayout } from '../features/printing/components/printing-layout.tsx';
export { SubmitWorkPage } from '../features/printing/components/submit-work-page.tsx';

/** The /printing route components (printing-routes.tsx), one lazy chunk for the three screens. */
const detailApi = getRouteApi('/printing/orders/$id');

export function PrintOrderDetailRoute() {
  // Keyed by id: another job's page starts with its own state (paper choice, busy flag).
  const { id } = detailApi.useParams();
  return <PrintOrderDetailPage key={id} id={id} />;
}
