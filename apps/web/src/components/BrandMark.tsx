import { Group, Text, ThemeIcon } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The provider's mark (a monogram, nothing downloaded) or a partner's logo, falling back to the mark. */
export function BrandMark({
  logoUrl,
  compact = false,
  name,
}: {
  logoUrl?: string | null;
  compact?: boolean;
  /** The product's name for this user (the bank's dashboard); the merchant dashboard's by default. */
  name?: string;
}) {
  const { t } = useTranslation();
  const label = name ?? t("app.name");
  const [broken, setBroken] = useState(false);
  if (logoUrl && !broken) {
    return (
      <img
        src={logoUrl}
        alt={label}
        style={{ maxHeight: 36, maxWidth: 160, display: "block" }}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={32} radius="md" aria-hidden>
        <Text fw={800} size="sm" c="white" component="span">
          P
        </Text>
      </ThemeIcon>
      <Text
        fw={700}
        size="md"
        c="var(--portal-brand-color, var(--mantine-color-brand-8))"
        component="span"
        visibleFrom={compact ? "sm" : undefined}
        style={{ whiteSpace: "nowrap" }}
      >
        {label}
      </Text>
    </Group>
  );
}
