import type { ProductFields } from '../../../../domain/catalog-outbox.ts';

type ProductExtras = Partial<Pick<ProductFields, 'location' | 'condition' | 'nutrients'>>;

const extraFieldNames = ['location', 'condition', 'nutrients'] as const;

/** The department-specific fields (godown location/condition, nutrients) that are set. */
export function extrasOf(fields: Partial<ProductFields>): ProductExtras {
  const extras: ProductExtras = {};
  for (const name of extraFieldNames) if (fields[name] !== undefined) extras[name] = fields[name];
  return extras;
}
