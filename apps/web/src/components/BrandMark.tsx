import { Group, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The provider's mark: no image download, a monogram in the brand colour. */
export function BrandMark({ logoUrl }: { logoUrl?: string | null }) {
  const { t } = useTranslation();
  if (logoUrl) return <img src={logoUrl} alt={t("app.name")} style={{ maxHeight: 32, display: "block" }} />;
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
        c="var(--portal-title-color)"
        component="span"
        style={{ whiteSpace: "nowrap" }}
      >
        {t("app.name")}
      </Text>
    </Group>
  );
}
