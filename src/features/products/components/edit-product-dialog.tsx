import { Dialog, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { editValuesOfProduct } from '../../../../domain/product-edit-merge.ts';
import { productEditSchema } from '../../../../domain/products.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { updateProduct } from '../commands/update-product.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import {
  fieldOfIssue,
  ProductFormFields,
  productFormFields,
  type ProductFormErrors,
  type ProductFormValues,
} from './product-form-fields.tsx';
import { useCommand } from '../../../hooks/use-command.ts';
import { useDepartment } from '../../department/use-department.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

function valuesOf(product: ProductRecord): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    quantity: String(product.quantity),
    nutrients: product.nutrients ?? '',
    location: product.location ?? '',
    barcode: product.barcode ?? '',
    reorderLevel:
      product.reorderLevel === null || product.reorderLevel === undefined
        ? ''
        : String(product.reorderLevel),
  };
}

/** Edit Product (admins): the department's edit schema, one message per field, optimistic save. */
export function EditProductDialog({
  dept,
  product,
  onClose,
}: {
  dept: ProductDepartmentId;
  product: ProductRecord | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ModalDialog
      open={product !== null}
      onClose={onClose}
      title={t('catalog.manage.editTitle')}
      scrollInside
    >
      {product ? (
        <EditProductForm key={product._id} dept={dept} product={product} onClose={onClose} />
      ) : null}
    </ModalDialog>
  );
}

function EditProductForm({
  dept,
  product,
  onClose,
}: {
  dept: ProductDepartmentId;
  product: ProductRecord;
  onClose: () => void;
}) {
  const t = useT();
  const { descriptor } = useDepartment(dept);
  const fields = productFormFields(descriptor);
  const [values, setValues] = useState(() => valuesOf(product));
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const { run, processing } = useCommand(updateProduct, t('catalog.manage.updateFailed'));

  function change(field: keyof ProductFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = productEditSchema(descriptor).safeParse(
      Object.fromEntries(fields.map((field) => [field, values[field]])),
    );
    if (!parsed.success) {
      const next: ProductFormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOfIssue(issue.path);
        if (field && next[field] === undefined) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    const { name, description, price, quantity, nutrients, location, barcode, reorderLevel } =
      parsed.data;
    // What the editor opened (version and values): the server merges this edit with any made
    // meanwhile, and refuses as a conflict a field someone else changed to another value.
    const result = await run(dept, product._id, {
      baseVersion: product.version,
      base: editValuesOfProduct(product),
      name,
      description,
      price,
      quantity,
      ...(nutrients !== undefined ? { nutrients } : {}),
      ...(location !== undefined ? { location } : {}),
      // Blank is null (none, the default level): compared with the mirror, only a change is sent.
      barcode: barcode ?? null,
      reorderLevel: reorderLevel ?? null,
    });
    if (result.ok) {
      notifySuccess(t('catalog.manage.updated'), undefined, result.entryId);
      onClose();
    } else {
      notifyError(result.message);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <ProductFormFields
            fields={fields}
            values={values}
            errors={errors}
            onChange={change}
            disabled={processing}
            defaultReorderLevel={descriptor.lowStockThreshold}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <FormActions submitLabel={t('catalog.manage.save')} busy={processing} onCancel={onClose} />
      </Dialog.Footer>
    </form>
  );
}
