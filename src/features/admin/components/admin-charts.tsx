import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The 'Dashboard Metrics' bar chart (spec section 2): sales, orders and products per department.
 * recharts is admin-only weight: this file is loaded with import() from the dashboard only, and
 * the build puts recharts in the `admin-charts` chunk the service worker does not precache
 * (vite.config.ts). Sales in shillings are orders of magnitude above the counts, so they have
 * their own axis on the right.
 */
export interface MetricsRow {
  department: string;
  sales: number;
  orders: number;
  products: number;
}

export interface MetricsLabels {
  sales: string;
  orders: string;
  products: string;
}

const colours = { sales: '#2563eb', orders: '#16a34a', products: '#d97706' };

const compact = new Intl.NumberFormat('en', { notation: 'compact' });

export function DashboardMetricsChart({
  data,
  labels,
}: {
  data: readonly MetricsRow[];
  labels: MetricsLabels;
}) {
  return (
    <ResponsiveContainer width="100%" height={320}>
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="department" interval={0} tick={{ fontSize: 12 }} />
        <YAxis yAxisId="count" allowDecimals={false} />
        <YAxis
          yAxisId="sales"
          orientation="right"
          tickFormatter={(value: number) => compact.format(value)}
        />
        <Tooltip />
        <Legend />
        <Bar yAxisId="sales" dataKey="sales" name={labels.sales} fill={colours.sales} />
        <Bar yAxisId="count" dataKey="orders" name={labels.orders} fill={colours.orders} />
        <Bar yAxisId="count" dataKey="products" name={labels.products} fill={colours.products} />
      </BarChart>
    </ResponsiveContainer>
  );
}
