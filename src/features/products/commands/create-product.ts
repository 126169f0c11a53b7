import { runCommand } from '../../../sync/run-command.ts';
import type { ProductRecord } from '../../../db/database.ts';
import type { ProductFields } from '../../../../domain/catalog-outbox.ts';
import { departments, isDepartmentId } from '../../../../domain/departments.ts';
import type { MultipartBody } from '../../../sync/outbox.ts';
import {
  catalogTables,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';
import { assertBarcodeFreeInMirror, extrasOf, inventoryOf } from './product-extras.ts';

export interface CreateProductInput extends ProductFields {
  /** The picture for departments with images; kept as a Blob in the outbox until sent. */
  image?: Blob | null;
  /** Normally left out (a new UUID); set when re-running a failed create. */
  productId?: string;
}

function hasImages(dept: string): boolean {
  return isDepartmentId(dept) ? departments[dept].hasImage : false;
}

/** Creates a product (admin). Departments with images send multipart, godown sends JSON. */
export async function createProduct(
  dept: string,
  input: CreateProductInput,
  deps?: CommandDeps,
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: catalogTables,
      apply: async ({ db, now, uuid }) => {
        const productId = input.productId ?? uuid();
        await assertBarcodeFreeInMirror(db, dept, input.barcode, productId);
        const entryId = uuid();
        const stamp = new Date(now()).toISOString();
        const extras = { ...extrasOf(input), ...inventoryOf(input) };
        const product: ProductRecord = {
          _id: productId,
          department: dept,
          name: input.name,
          description: input.description,
          price: input.price,
          quantity: input.quantity,
          image: null,
          ...extras,
          version: 0,
          createdAt: stamp,
          updatedAt: stamp,
        };
        await db.products.add(product);
        const plain = {
          _id: productId,
          name: input.name,
          description: input.description,
          price: input.price,
          quantity: input.quantity,
          ...extras,
        };
        let body: unknown = plain;
        if (hasImages(dept)) {
          const fields: Record<string, string> = {};
          for (const [name, value] of Object.entries(plain))
            if (value !== undefined && value !== null) fields[name] = String(value);
          const multipart: MultipartBody = {
            multipart: true,
            fields,
            files: input.image ? { image: input.image } : {},
          };
          body = multipart;
        }
        return {
          id: entryId,
          kind: 'product.create',
          body,
          entityId: productId,
          touches: [productId],
          rollback: [{ op: 'delete', table: 'products', key: productId }],
          label: { key: 'sync.op.createProduct', values: { product: input.name } },
          input: { ...input, productId },
        };
      },
    },
    deps,
  );
}
