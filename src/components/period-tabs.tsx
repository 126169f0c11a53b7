import { Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { orderPeriods, type OrderPeriod } from '../../domain/orders.ts';

function isOrderPeriod(value: string): value is OrderPeriod {
  return (orderPeriods as readonly string[]).includes(value);
}

/**
 * The orders lists' filter tabs (spec section 2: All Orders, Today, This Week, This Month). The
 * caller filters and renders the list; `children` is the panel of the selected period.
 */
export function PeriodTabs({
  period,
  onPeriodChange,
  labels,
  label,
  children,
}: {
  period: OrderPeriod;
  onPeriodChange: (period: OrderPeriod) => void;
  /** Each tab's text, in the current language. */
  labels: Record<OrderPeriod, string>;
  /** Accessible name of the tab list. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Tabs.Root
      value={period}
      onValueChange={(details) => {
        if (isOrderPeriod(details.value)) onPeriodChange(details.value);
      }}
      variant="enclosed"
      lazyMount
      unmountOnExit
    >
      <Tabs.List aria-label={label} flexWrap="wrap" gap="2">
        {orderPeriods.map((value) => (
          <Tabs.Trigger key={value} value={value}>
            {labels[value]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {orderPeriods.map((value) => (
        <Tabs.Content key={value} value={value}>
          {value === period ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
