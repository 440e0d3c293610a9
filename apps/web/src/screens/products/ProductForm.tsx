import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { PRODUCT_CURRENCIES, PRODUCT_LIMITS } from "@portal/domain/api/products";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useIntegrationList } from "../../api/integrations.api.ts";
import { type Product, uploadProductImage, useSaveProduct } from "../../api/products.api.ts";
import { toast } from "../../app/toast.ts";
import {
  checkProduct,
  emptyProduct,
  type ProductField,
  type ProductFormValues,
  type ProductProblems,
  productBody,
  serverProblems,
  valuesOf,
} from "./productForm.ts";

/**
 * The product's fields (back-office.md "Products"): name, price, inventory, currency, payment methods, delivery
 * needed and allow quantity change are required (starred); description at most 1000 characters; the merchant
 * product id unique; the image (on the Create Product page) checked by the server's image store.
 */
export function ProductForm(props: {
  product?: Product;
  isLive: boolean;
  withImage?: boolean;
  submitLabel: string;
  onSaved: (product: Product) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ProductFormValues>(() =>
    props.product ? valuesOf(props.product) : emptyProduct(),
  );
  const [problems, setProblems] = useState<ProductProblems>({});
  const [uploading, setUploading] = useState(false);
  const save = useSaveProduct(props.product?.id ?? null);
  const integrations = useIntegrationList(props.isLive, 1, 100);
  const methods = (integrations.data?.results ?? []).filter(
    (i) => i.status === "Active" && i.currency === values.currency,
  );

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };
  const problem = (field: ProductField) => {
    const key = problems[field];
    return key ? t(`products.errors.${key}`) : undefined;
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadProductImage(file);
      setValues((v) => ({ ...v, imageId: image.id, imageUrl: image.url }));
      setProblems((p) => ({ ...p, imageId: undefined }));
    } catch (err) {
      const code = isApiError(err) ? err.code : undefined;
      setProblems((p) => ({ ...p, imageId: "imageInvalid" }));
      toast.error(
        code === "image_too_large_product"
          ? t("products.errors.imageTooLarge")
          : t("products.errors.imageType"),
      );
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkProduct(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(productBody(values));
      toast.success(props.product ? t("products.messages.updated") : t("products.messages.created"));
      props.onSaved(saved);
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      const fromServer = serverProblems(err);
      if (fromServer) setProblems(fromServer);
      else toast.error(t("messages.generic"));
    }
  };

  const yesNo = [
    { value: "yes", label: t("products.form.yes") },
    { value: "no", label: t("products.form.no") },
  ];
  const boolValue = (b: boolean | null) => (b === null ? null : b ? "yes" : "no");

  return (
    <form onSubmit={submit} noValidate data-testid="product-form">
      <Stack>
        <TextInput
          label={t("products.form.name")}
          required
          value={values.name}
          onChange={(e) => set("name", e.currentTarget.value)}
          error={problem("name")}
          maxLength={PRODUCT_LIMITS.name}
          data-testid="product-name"
        />
        <Textarea
          label={t("products.form.description")}
          description={t("products.form.descriptionHint", { count: values.description.length })}
          value={values.description}
          onChange={(e) => set("description", e.currentTarget.value)}
          error={problem("description")}
          rows={3}
          data-testid="product-description"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t("products.form.price")}
            required
            inputMode="decimal"
            value={values.price}
            onChange={(e) => set("price", e.currentTarget.value)}
            error={problem("price")}
            data-testid="product-price"
          />
          <Select
            label={t("products.form.currency")}
            required
            allowDeselect={false}
            data={[...PRODUCT_CURRENCIES]}
            value={values.currency}
            onChange={(v) => {
              set("currency", v as ProductFormValues["currency"]);
              set("integrationIds", []);
            }}
            error={problem("currency")}
            data-testid="product-currency"
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t("products.form.inventory")}
            required
            inputMode="numeric"
            value={values.inventory}
            onChange={(e) => set("inventory", e.currentTarget.value)}
            error={problem("inventory")}
            data-testid="product-inventory"
          />
          <TextInput
            label={t("products.form.merchantProductId")}
            value={values.merchantProductId}
            onChange={(e) => set("merchantProductId", e.currentTarget.value)}
            error={problem("merchantProductId")}
            maxLength={PRODUCT_LIMITS.merchantProductId}
            data-testid="product-merchant-id"
          />
        </Group>
        <MultiSelect
          label={t("products.form.paymentMethods")}
          required
          data={methods.map((i) => ({ value: String(i.id), label: `${i.name} (${i.id})` }))}
          value={values.integrationIds}
          onChange={(v) => set("integrationIds", v)}
          error={problem("integrationIds")}
          nothingFoundMessage={t("products.form.noMethods")}
          description={
            integrations.isSuccess && methods.length === 0
              ? t("products.form.noMethods")
              : t("products.form.paymentMethodsHint")
          }
          data-testid="product-methods"
        />
        <Radio.Group
          label={t("products.form.deliveryNeeded")}
          required
          value={boolValue(values.deliveryNeeded)}
          onChange={(v) => set("deliveryNeeded", v === "yes")}
          error={problem("deliveryNeeded")}
          data-testid="product-delivery"
        >
          <Group mt={4}>
            {yesNo.map((o) => (
              <Radio
                key={o.value}
                value={o.value}
                label={o.label}
                data-testid={`product-delivery-${o.value}`}
              />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group
          label={t("products.form.allowQuantityEdit")}
          required
          value={boolValue(values.allowQuantityEdit)}
          onChange={(v) => set("allowQuantityEdit", v === "yes")}
          error={problem("allowQuantityEdit")}
          data-testid="product-quantity-edit"
        >
          <Group mt={4}>
            {yesNo.map((o) => (
              <Radio
                key={o.value}
                value={o.value}
                label={o.label}
                data-testid={`product-quantity-${o.value}`}
              />
            ))}
          </Group>
        </Radio.Group>
        {props.withImage ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("products.form.image")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("products.form.imageHint")}
            </Text>
            {values.imageUrl ? (
              <Image src={values.imageUrl} alt={t("products.form.imageAlt")} w={120} h={120} fit="contain" />
            ) : null}
            <Group>
              <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg">
                {(p) => (
                  <Button variant="default" loading={uploading} {...p} data-testid="product-image-upload">
                    {t("products.form.chooseImage")}
                  </Button>
                )}
              </FileButton>
              {values.imageId ? (
                <Button
                  variant="subtle"
                  onClick={() => setValues((v) => ({ ...v, imageId: null, imageUrl: null }))}
                  data-testid="product-image-remove"
                >
                  {t("products.form.removeImage")}
                </Button>
              ) : null}
            </Group>
            {problems.imageId ? (
              <Alert color="red.9" variant="light" p="xs">
                {t(`products.errors.${problems.imageId}`)}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-testid="product-cancel">
            {t("products.form.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="product-submit">
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
