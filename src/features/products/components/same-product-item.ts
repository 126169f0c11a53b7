import type { DepartmentDescriptor, ProductDepartmentId } from '../../../../domain/departments.ts';
import type { ProductRecord } from '../../../db/database.ts';

/** The props of one product of the department home: a card or a row. */
export interface ProductItemProps {
  dept: ProductDepartmentId;
  descriptor: DepartmentDescriptor;
  product: ProductRecord;
  /** How many locations hold this article (godown's rows), when more than one may. */
  locationCount?: number;
}

/**
 * The `memo` comparison of a home card or row: equal when the department is the same and neither
 * the product fields it shows (`shown`) nor the department's extra fields changed, so a pull that
 * rewrites a product (a new version, an untouched field) re-renders nothing on the page.
 */
export function sameShownFields(
  shown: readonly (keyof ProductRecord)[],
): (before: ProductItemProps, after: ProductItemProps) => boolean {
  return (before, after) =>
    before.dept === after.dept &&
    before.descriptor === after.descriptor &&
    before.locationCount === after.locationCount &&
    [...shown, ...after.descriptor.extraFields].every(
      (field) => before.product[field] === after.product[field],
    );
}
