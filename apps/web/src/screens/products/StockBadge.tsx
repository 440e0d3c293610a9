import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Product } from "../../api/products.api.ts";

/** The sold-out label of a product (inventory 0), or available. */
export function StockBadge({ product }: { product: Pick<Product, "sold_out"> }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={product.sold_out ? "red.9" : "teal.9"}
      data-testid="product-stock"
      data-sold-out={product.sold_out}
    >
      {product.sold_out ? t("products.status.soldOut") : t("products.status.available")}
    </Badge>
  );
}
