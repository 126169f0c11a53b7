import { chakra, Container, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { productCreateSchema } from '../../../../domain/products.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { createProduct } from '../commands/create-product.ts';
import { checkImageFile } from './image-check.ts';
import { notifyError } from '../../../components/notify.ts';
import {
  emptyProductForm,
  fieldOfIssue,
  ProductFormFields,
  productFormFields,
  type ProductFormErrors,
  type ProductFormValues,
} from './product-form-fields.tsx';
import { SuccessDialog } from '../../../components/success-dialog.tsx';
import { useCommand } from '../../../hooks/use-command.ts';
import { useDepartment } from '../../department/use-department.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

const imageAccept = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

/**
 * /$dept/admin/upload: a new product, validated with the department's schema (the spec's messages,
 * first problem shown) and queued through the createProduct command.
 */
export function UploadProductPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { descriptor, name } = useDepartment(dept);
  const fields = productFormFields(descriptor);
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [image, setImage] = useState<File | null>(null);
  // Changing the key empties the file input after a successful upload.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [successOpen, setSuccessOpen] = useState(false);
  // The write the open success dialog announces: a refusal of it closes the dialog.
  const [successEntry, setSuccessEntry] = useState<string | undefined>(undefined);
  const closeSuccess = useCallback(() => setSuccessOpen(false), []);
  const { run, processing } = useCommand(createProduct, t('catalog.upload.failed'));

  function change(field: keyof ProductFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = productCreateSchema(descriptor).safeParse({
      ...Object.fromEntries(fields.map((field) => [field, values[field]])),
      ...(descriptor.hasImage ? { image: image ?? undefined } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue ? fieldOfIssue(issue.path) : null;
      setErrors(issue && field ? { [field]: issue.message } : {});
      if (issue && !field) notifyError(translateMessage(issue.message));
      return;
    }
    if (descriptor.hasImage && image) {
      const imageProblem = await checkImageFile(image);
      if (imageProblem) {
        setErrors({ image: imageProblem });
        return;
      }
    }
    const input = parsed.data;
    const result = await run(dept, {
      name: input.name,
      description: input.description,
      price: input.price,
      quantity: input.quantity,
      ...(input.nutrients !== undefined ? { nutrients: input.nutrients } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      ...(input.barcode ? { barcode: input.barcode } : {}),
      ...(typeof input.reorderLevel === 'number' ? { reorderLevel: input.reorderLevel } : {}),
      image: descriptor.hasImage ? image : null,
    });
    if (result.ok) {
      setValues(emptyProductForm);
      setImage(null);
      setFileInputKey((key) => key + 1);
      setErrors({});
      setSuccessEntry(result.entryId);
      setSuccessOpen(true);
    } else {
      notifyError(result.message);
    }
  }

  return (
    <Container maxW="2xl" py="6">
      <PageHeader title={t('catalog.upload.title', { name })} mb="5" />
      <chakra.form onSubmit={submit} noValidate borderWidth="1px" rounded="md" p="5">
        <Stack gap="4">
          <ProductFormFields
            fields={fields}
            values={values}
            errors={errors}
            onChange={change}
            disabled={processing}
            defaultReorderLevel={descriptor.lowStockThreshold}
          />
          {descriptor.hasImage ? (
            <Field.Root invalid={Boolean(errors.image)} required disabled={processing}>
              <Field.Label>
                {t('catalog.field.image')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                key={fileInputKey}
                type="file"
                accept={imageAccept}
                p="1.5"
                onChange={(event) => {
                  setImage(event.target.files?.[0] ?? null);
                  setErrors((current) => ({ ...current, image: undefined }));
                }}
              />
              <Field.HelperText>{t('catalog.field.imageHelp')}</Field.HelperText>
              {image ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('catalog.upload.chosenFile', { name: image.name })}
                </Text>
              ) : null}
              {errors.image ? (
                <Field.ErrorText>{translateMessage(errors.image)}</Field.ErrorText>
              ) : null}
            </Field.Root>
          ) : null}
          <FormActions
            submitLabel={t('catalog.upload.submit')}
            busyLabel={t('catalog.upload.submitting')}
            busy={processing}
          />
        </Stack>
      </chakra.form>
      <SuccessDialog
        open={successOpen}
        entryId={successEntry}
        onClose={closeSuccess}
        title={t('catalog.upload.successTitle')}
        text={t('catalog.upload.successText')}
        actionLabel={t('common.close')}
      />
    </Container>
  );
}
