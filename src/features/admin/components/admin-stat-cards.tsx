import { Card, HStack, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { formatTsh } from '../../../../domain/money.ts';
import type { DepartmentFigures, Trend } from '../../../../domain/stats.ts';
import { useT } from '../../../i18n/i18n.tsx';

const count = new Intl.NumberFormat('en');

type Change = Trend['orders'];

/**
 * Increase / Decrease against last week, in words and with an arrow, so the colour is never the
 * only sign (WCAG 1.4.1). The figures compared are the week's, computed by the server.
 */
function TrendLine({ change, format }: { change: Change; format: (value: number) => string }) {
  const t = useT();
  const direction =
    change.current > change.previous ? 'up' : change.current < change.previous ? 'down' : 'same';
  const word =
    direction === 'up'
      ? t('admin.trend.increase')
      : direction === 'down'
        ? t('admin.trend.decrease')
        : t('admin.trend.same');
  const arrow = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '▬';
  const colour = direction === 'up' ? 'green.700' : direction === 'down' ? 'red.700' : 'fg.muted';
  return (
    // A <dl>'s children are <dt>/<dd> only (axe: definition-list); Chakra's HelpText is a span.
    <Stat.HelpText as="dd">
      <HStack gap="1" color={colour} fontWeight="medium">
        <span aria-hidden="true">{arrow}</span>
        <span>{word}</span>
      </HStack>
      <Text color="fg.muted" textStyle="xs">
        {t('admin.trend.detail', {
          current: format(change.current),
          previous: format(change.previous),
        })}
      </Text>
    </Stat.HelpText>
  );
}

function FigureCard({
  label,
  value,
  extra,
  change,
  format,
}: {
  label: string;
  value: string;
  extra?: string;
  /** Absent on a department's Figures screen: the week's trend comes with /stats, admins only. */
  change: Change | undefined;
  format: (value: number) => string;
}) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
          {extra ? (
            <Text as="dd" color="fg.muted" textStyle="sm">
              {extra}
            </Text>
          ) : null}
          {change ? <TrendLine change={change} format={format} /> : null}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** The figures the cards show: a department's Figures screen has no users and no trend. */
export type StatFigures = Omit<DepartmentFigures, 'totalUsers'> & {
  totalUsers?: number;
  trend?: Trend;
};

/**
 * Total Orders, Total Sales, Total Products, Total Users (spec section 2, 'Admin portal'); without
 * `totalUsers` the users card is left out, without `trend` the Increase/Decrease lines.
 */
export function StatCards({
  figures,
  products = true,
}: {
  figures: StatFigures;
  /** False for a department that lists no products (printing's Figures screen). */
  products?: boolean;
}) {
  const t = useT();
  const plain = (value: number) => count.format(value);
  const users = figures.totalUsers;
  const cards = 2 + (products ? 1 : 0) + (users === undefined ? 0 : 1);
  return (
    <SimpleGrid as="section" columns={{ base: 1, sm: 2, xl: cards }} gap="4">
      <FigureCard
        label={t('admin.card.orders')}
        value={plain(figures.totalOrders)}
        change={figures.trend?.orders}
        format={plain}
      />
      <FigureCard
        label={t('admin.card.sales')}
        value={formatTsh(figures.totalSales)}
        change={figures.trend?.sales}
        format={formatTsh}
      />
      {products ? (
        <FigureCard
          label={t('admin.card.products')}
          value={plain(figures.totalProducts)}
          extra={t('admin.card.stockUnits', { count: plain(figures.totalStockUnits) })}
          change={figures.trend?.products}
          format={plain}
        />
      ) : null}
      {users === undefined ? null : (
        <FigureCard
          label={t('admin.card.users')}
          value={plain(users)}
          change={figures.trend?.users}
          format={plain}
        />
      )}
    </SimpleGrid>
  );
}
