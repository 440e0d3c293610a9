import { Anchor, Button, CopyButton, Group, Image, Modal, Skeleton, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { toMajorString } from "@portal/domain/money";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteProduct, useProduct } from "../../api/products.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { ProductForm } from "./ProductForm.tsx";
import { useProductRights } from "./rights.ts";
import { StockBadge } from "./StockBadge.tsx";

/**
 * A product's details (back-office.md "Products"): its fields, image and customer link, with Create Invoice (the
 * invoice form prefilled through its query parameters), Edit (the edit modal) and Delete (after confirmation).
 */
export function ProductDetailsModal(props: { id: number; isLive: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const rights = useProductRights();
  const query = useProduct(props.id);
  const remove = useDeleteProduct();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [delOpen, del] = useDisclosure(false);
  const f = (key: string) => t(`products.details.fields.${key as "name"}`);
  const yes = (b: boolean) => (b ? t("products.form.yes") : t("products.form.no"));

  const p = query.data;
  const title = p
    ? editing
      ? t("products.form.editTitle")
      : t("products.details.title", { name: p.name })
    : t("products.title");

  const createInvoice = () => {
    if (!p) return;
    const currency = p.currency === "USD" ? "USD" : "EGP";
    void navigate({
      to: "/{-$lang}/invoices/new",
      params: { lang },
      // The invoice form (owned by the invoices screen) reads these to prefill its Order tab.
      search: {
        productId: p.id,
        orderName: p.name,
        orderDescription: p.description ?? undefined,
        orderAmount: toMajorString(p.price_cents, currency),
        currency: p.currency,
        deliveryNeeded: p.delivery_needed,
        merchantOrderId: p.merchant_product_id ?? undefined,
      } as never,
    });
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(props.id);
      toast.success(t("products.messages.deleted"));
      del.close();
      props.onClose();
    } catch {
      toast.error(t("messages.generic"));
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={title}
      size="lg"
      closeButtonProps={{ "aria-label": t("products.details.close") }}
      data-testid="product-details"
    >
      {query.isPending ? (
        <Skeleton height={240} />
      ) : query.isError || !p ? (
        <DetailsError
          title={t("products.title")}
          testId="product-details-error"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : editing ? (
        <ProductForm
          product={p}
          isLive={props.isLive}
          withImage
          submitLabel={t("products.form.save")}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : (
        <Stack data-testid="product-details-body" data-product-id={p.id}>
          {p.image_url ? (
            <Image src={p.image_url} alt={t("products.form.imageAlt")} w={140} h={140} fit="contain" />
          ) : null}
          <DetailGrid
            items={[
              { key: "id", label: f("id"), value: p.id },
              { key: "name", label: f("name"), value: p.name },
              { key: "status", label: f("status"), value: <StockBadge product={p} /> },
              { key: "price", label: f("price"), value: money(p.price_cents, p.currency, lang) },
              { key: "inventory", label: f("inventory"), value: p.inventory },
              { key: "merchant_product_id", label: f("merchantProductId"), value: p.merchant_product_id },
              { key: "delivery_needed", label: f("deliveryNeeded"), value: yes(p.delivery_needed) },
              {
                key: "allow_quantity_edit",
                label: f("allowQuantityEdit"),
                value: yes(p.allow_quantity_edit),
              },
              { key: "payment_methods", label: f("paymentMethods"), value: p.integration_ids.join(", ") },
              { key: "created_at", label: f("createdAt"), value: dateTime(p.created_at) },
              { key: "created_by", label: f("createdBy"), value: p.created_by },
              { key: "description", label: f("description"), value: p.description },
            ]}
          />
          <Group gap="xs" wrap="nowrap" align="center">
            <Anchor
              href={p.product_link}
              target="_blank"
              rel="noreferrer"
              style={{ overflowWrap: "anywhere" }}
              data-testid="product-link"
            >
              {p.product_link}
            </Anchor>
            <CopyButton value={p.product_link}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    copy();
                    toast.success(t("products.details.copied"));
                  }}
                  data-testid="product-link-copy"
                >
                  {copied ? t("products.details.copied") : t("products.details.copy")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            {rights.canInvoice ? (
              <Button variant="default" onClick={createInvoice} data-testid="product-create-invoice">
                {t("products.details.createInvoice")}
              </Button>
            ) : null}
            {rights.canUpdate ? (
              <Button variant="default" onClick={() => setEditing(true)} data-testid="product-edit">
                {t("products.details.edit")}
              </Button>
            ) : null}
            {rights.canDelete ? (
              <Button variant="outline" color="red.9" onClick={del.open} data-testid="product-delete">
                {t("products.details.delete")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={delOpen}
        onClose={del.close}
        title={t("products.delete.title")}
        body={t("products.delete.body")}
        confirmLabel={t("products.delete.confirm")}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        testId="product-delete-modal"
      />
    </Modal>
  );
}
