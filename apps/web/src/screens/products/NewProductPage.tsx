import { Paper, Stack, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AnchorLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { ProductForm } from "./ProductForm.tsx";

/** The Create Product page (back-office.md "Products"): the General section and the product image; back to Products. */
export default function NewProductPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useLiveMode();
  const navigate = useNavigate();
  const toProducts = () => void navigate({ to: "/{-$lang}/products", params: { lang } });
  return (
    <Stack data-testid="new-product-page">
      <PageTitle title={t("products.form.pageTitle")} />
      <AnchorLink to="/{-$lang}/products" params={{ lang }}>
        {t("products.form.back")}
      </AnchorLink>
      <Paper p="md" radius="lg" withBorder>
        <Title order={2} size="h4" mb="sm">
          {t("products.form.general")}
        </Title>
        <ProductForm
          isLive={isLive}
          withImage
          submitLabel={t("products.form.create")}
          onCancel={toProducts}
          onSaved={toProducts}
        />
      </Paper>
    </Stack>
  );
}
