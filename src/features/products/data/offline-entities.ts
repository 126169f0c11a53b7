import type { z } from 'zod';
import {
  productCreateEntrySchema,
  productDeleteEntrySchema,
  productUpdateEntrySchema,
} from '../../../../domain/catalog-outbox.ts';
import { editConflictSchema, type EditConflict } from '../../../../domain/product-edit-merge.ts';
import { declareWrite, type OfflineEntities } from '../../../sync/registry.ts';
import { retryEditsOf } from '../../department/catalog-command.ts';
import { createProduct } from '../commands/create-product.ts';
import { deleteProduct } from '../commands/delete-product.ts';
import { updateProduct, type ProductChanges } from '../commands/update-product.ts';

/**
 * The product writes, declared once for the sync engine (src/sync/registry.ts); the products list
 * itself is the department's (department/data/offline-entities.ts). Listed in
 * src/app/offline-entities.ts; a retry re-runs the kind's command.
 */
declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'product.create': z.infer<typeof productCreateEntrySchema>;
    'product.update': z.infer<typeof productUpdateEntrySchema>;
    'product.delete': z.infer<typeof productDeleteEntrySchema>;
  }
}

function overTheirs(conflict: EditConflict | undefined): ProductChanges {
  const parsed = editConflictSchema.safeParse(conflict);
  return parsed.success ? { baseVersion: parsed.data.version, base: parsed.data.values } : {};
}

export const productsOfflineEntities: OfflineEntities = {
  writes: [
    declareWrite({
      kind: 'product.create',
      input: productCreateEntrySchema,
      method: 'POST',
      path: (_input, department) => `${department}/products`,
      reconcile: { table: 'products' },
      retry: ({ department, input }, edits, context) =>
        createProduct(department ?? '', { ...input, ...retryEditsOf(edits) }, context),
    }),
    declareWrite({
      kind: 'product.update',
      input: productUpdateEntrySchema,
      method: 'PUT',
      path: ({ productId }, department) => `${department}/products/${productId}`,
      reconcile: { table: 'products' },
      // After a conflict refusal a retry is "Apply mine again": the server's record it named becomes
      // the base, so the edit now applies over theirs, deliberately (decision 0025).
      retry: ({ department, input, refusal }, edits, context) =>
        updateProduct(
          department ?? '',
          input.productId,
          { ...input.changes, ...retryEditsOf(edits), ...overTheirs(refusal?.conflict) },
          context,
        ),
    }),
    declareWrite({
      kind: 'product.delete',
      input: productDeleteEntrySchema,
      method: 'DELETE',
      path: ({ productId }, department) => `${department}/products/${productId}`,
      retry: ({ department, input }, _edits, context) =>
        deleteProduct(department ?? '', input.productId, context),
    }),
  ],
};
