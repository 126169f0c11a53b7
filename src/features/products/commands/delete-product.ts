import { runCommand } from '../../../sync/run-command.ts';
import {
  productOf,
  catalogTables,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';

/** Deletes a product (admin). */
export async function deleteProduct(
  dept: string,
  productId: string,
  deps?: CommandDeps,
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: catalogTables,
      apply: async ({ db, uuid }) => {
        const product = await productOf(db, dept, productId);
        const entryId = uuid();
        await db.products.delete(productId);
        return {
          id: entryId,
          kind: 'product.delete',
          body: undefined,
          entityId: productId,
          touches: [productId],
          rollback: [{ op: 'put', table: 'products', value: { ...product } }],
          label: { key: 'sync.op.deleteProduct', values: { product: product.name } },
          input: { productId },
        };
      },
    },
    deps,
  );
}
