import { Card, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { productDepartmentIds } from '../../../../domain/departments.ts';
import { businessDate } from '../../../../domain/sheet.ts';
import { serverNow } from '../../../sync/server-clock.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { db } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { productsSheet, readProductsForExport } from '../data/products-export.ts';

/**
 * The admin's export of every product department's products (issue 15), from the admin tablet's
 * mirror of them, so it works offline; a Department column leads each row.
 */
export function AllProductsExport() {
  const t = useT();
  const count = useLiveQuery(() => db.products.count(), []);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('inventory.export.allProductsTitle')}</Card.Title>
        <Card.Description>{t('inventory.export.fromDevice')}</Card.Description>
      </Card.Header>
      <Card.Body>
        {count === 0 ? (
          <Text color="fg.muted" mb="3">
            {t('inventory.export.nothing')}
          </Text>
        ) : null}
        <ExportButtons
          what={t('inventory.export.what.allProducts')}
          fileBase={`all-products-${businessDate(serverNow())}`}
          sheetName={t('inventory.export.sheet.products')}
          empty={!count}
          namedButtons
          buildSheet={async () =>
            productsSheet(
              await readProductsForExport(productDepartmentIds),
              productDepartmentIds,
              t,
            )
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
