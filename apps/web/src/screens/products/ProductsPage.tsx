import { Button, Modal, Paper, Stack, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Product, useProductList } from "../../api/products.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { DEFAULT_PAGE_SIZE, type TableSearch } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { ProductDetailsModal } from "./ProductDetailsModal.tsx";
import { ProductForm } from "./ProductForm.tsx";
import { useProductRights } from "./rights.ts";
import { StockBadge } from "./StockBadge.tsx";

/**
 * Products (back-office.md "Products"): the summary table with paging (in the URL) and the sold-out label, the
 * add modal, the link to the Create Product page, and each product's details modal (Create Invoice, Edit, Delete).
 */
export default function ProductsPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useLiveMode();
  const { dateTime } = useDateFormat();
  const rights = useProductRights();
  const search = useSearch({ from: "/{-$lang}/app/products" }) as TableSearch;
  const navigate = useNavigate();
  const setSearch = (next: TableSearch) => void navigate({ to: ".", search: next as never });
  const page = search.page ?? 1;
  const pageSize = search.page_size ?? DEFAULT_PAGE_SIZE;
  const [addOpen, add] = useDisclosure(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useProductList(isLive, page, pageSize);

  const columns = useMemo<ColumnDef<Product>[]>(
    () => [
      {
        id: "name",
        header: t("products.columns.name"),
        cell: ({ row }) => (
          <UnstyledButton
            c="blue.8"
            td="underline"
            onClick={() => setOpenId(row.original.id)}
            aria-label={t("products.details.open", { name: row.original.name })}
            data-testid="product-open"
          >
            {row.original.name}
          </UnstyledButton>
        ),
      },
      {
        id: "merchant_product_id",
        header: t("products.columns.merchantProductId"),
        cell: ({ row }) => row.original.merchant_product_id ?? "—",
      },
      {
        id: "price",
        header: t("products.columns.price"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => money(row.original.price_cents, row.original.currency, lang),
      },
      {
        id: "inventory",
        header: t("products.columns.inventory"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => <span data-testid="product-inventory-cell">{row.original.inventory}</span>,
      },
      {
        id: "status",
        header: t("products.columns.status"),
        cell: ({ row }) => <StockBadge product={row.original} />,
      },
      {
        id: "created_at",
        header: t("products.columns.created"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
    ],
    [t, dateTime, lang],
  );

  return (
    <Stack data-testid="products-page">
      <PageTitle title={t("products.title")}>
        <DataModeBadge isLive={isLive} />
        {rights.canCreate ? (
          <>
            <Button variant="default" onClick={add.open} data-testid="product-add">
              {t("products.add")}
            </Button>
            <ButtonLink to="/{-$lang}/products/new" params={{ lang }} data-testid="product-create-page">
              {t("products.createPage")}
            </ButtonLink>
          </>
        ) : null}
      </PageTitle>
      <Paper p="md" radius="lg" withBorder>
        <DataTable
          label={t("products.tableLabel")}
          testId="products-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          sort={undefined}
          loading={list.isFetching}
          error={list.isError}
          onRetry={() => void list.refetch()}
          onPage={(p) => setSearch({ ...search, page: p > 1 ? p : undefined })}
          onPageSize={(size) =>
            setSearch({
              ...search,
              page: undefined,
              page_size: size === DEFAULT_PAGE_SIZE ? undefined : size,
            })
          }
          onSort={() => undefined}
          rowId={(row) => String(row.id)}
          emptyText={t("products.empty")}
        />
      </Paper>
      {addOpen ? (
        <Modal
          opened
          onClose={add.close}
          title={t("products.form.addTitle")}
          size="lg"
          closeButtonProps={{ "aria-label": t("products.form.cancel") }}
          data-testid="product-add-modal"
        >
          <ProductForm
            isLive={isLive}
            submitLabel={t("products.form.save")}
            onCancel={add.close}
            onSaved={() => {
              setSearch({ ...search, page: undefined });
              add.close();
            }}
          />
        </Modal>
      ) : null}
      {openId !== null ? (
        <ProductDetailsModal id={openId} isLive={isLive} onClose={() => setOpenId(null)} />
      ) : null}
    </Stack>
  );
}
