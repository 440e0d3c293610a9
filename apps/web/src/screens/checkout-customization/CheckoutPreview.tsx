import { Box, Paper, Text } from "@mantine/core";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { Draft } from "./draft.ts";

/**
 * The live preview: a faithful mock of the hosted checkout's payment page and success page, drawn with the draft's
 * colours, logo, visible methods in their order and post-payment text as the merchant edits (docs/settings.md
 * explains why a mock and not the checkout in a frame). It uses the checkout's layout and the same colour roles
 * as apps/checkout/src/look.ts: background for the page and cards, text colour for all text, primary for the pay
 * button and the chosen method's border, button text on the pay button.
 */
export function CheckoutPreview({ draft, companyName }: { draft: Draft; companyName: string }) {
  const { t } = useTranslation();
  const visible = draft.methods.filter((m) => m.visible);
  const page: CSSProperties = {
    background: draft.background_color,
    color: draft.text_color,
    borderRadius: 12,
    border: "1px solid var(--mantine-color-gray-4)",
    padding: 16,
  };
  const card: CSSProperties = {
    background: draft.background_color,
    color: draft.text_color,
    border: `1px solid ${draft.text_color}33`,
    borderRadius: 10,
    padding: 12,
  };
  const button: CSSProperties = {
    background: draft.primary_color,
    color: draft.button_text_color,
    border: `1px solid ${draft.primary_color}`,
    borderRadius: 8,
    padding: "10px 16px",
    fontWeight: 600,
    textAlign: "center",
  };
  const initial = companyName.trim().charAt(0).toUpperCase() || "?";
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      aria-labelledby="checkout-preview-title"
      data-testid="checkout-preview"
    >
      <Text id="checkout-preview-title" fw={600} mb="xs">
        {t("checkoutCustomization.preview.title")}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t("checkoutCustomization.preview.body")}
      </Text>
      <section
        style={page}
        data-testid="preview-page"
        data-primary={draft.primary_color}
        data-background={draft.background_color}
        aria-label={t("checkoutCustomization.preview.payPage")}
      >
        <Box style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 12 }}>
          {draft.logo_url ? (
            <img src={draft.logo_url} alt="" width={32} height={32} style={{ objectFit: "contain" }} />
          ) : (
            <span
              aria-hidden="true"
              style={{ ...button, padding: 0, width: 32, height: 32, display: "grid", placeItems: "center" }}
            >
              {initial}
            </span>
          )}
          <span style={{ fontWeight: 600 }}>{companyName}</span>
        </Box>
        <div style={{ fontSize: 22, fontWeight: 700, marginBottom: 12 }}>
          {t("checkoutCustomization.preview.amount")}
        </div>
        <div style={card}>
          <div style={{ fontWeight: 600, marginBottom: 8 }}>
            {t("checkoutCustomization.preview.chooseMethod")}
          </div>
          <ol style={{ listStyle: "none", padding: 0, margin: "0 0 12px" }} data-testid="preview-methods">
            {visible.map((m, i) => (
              <li
                key={m.integration_id}
                data-testid="preview-method"
                style={{
                  border: `${i === 0 ? 2 : 1}px solid ${i === 0 ? draft.primary_color : `${draft.text_color}55`}`,
                  borderRadius: 8,
                  padding: "6px 10px",
                  marginBottom: 6,
                }}
              >
                <bdi>{m.name}</bdi>
              </li>
            ))}
          </ol>
          <div style={button} data-testid="preview-pay">
            {t("checkoutCustomization.preview.pay")}
          </div>
        </div>
      </section>
      <Text fw={600} mt="md" mb="xs">
        {t("checkoutCustomization.preview.afterTitle")}
      </Text>
      <section
        style={page}
        data-testid="preview-result"
        aria-label={t("checkoutCustomization.preview.resultPage")}
      >
        <div style={{ fontWeight: 700, marginBottom: 6 }}>{t("checkoutCustomization.preview.success")}</div>
        {draft.post_payment_text.trim() ? (
          <p style={{ whiteSpace: "pre-line", margin: "0 0 6px" }} data-testid="preview-post-payment">
            <bdi>{draft.post_payment_text.trim()}</bdi>
          </p>
        ) : null}
        {draft.redirect_url.trim() ? (
          <p style={{ margin: 0 }} data-testid="preview-redirect">
            {t("checkoutCustomization.preview.redirect")} <bdi dir="ltr">{draft.redirect_url.trim()}</bdi>
          </p>
        ) : null}
      </section>
    </Paper>
  );
}
