import { Group, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLang } from "../../i18n/useLang.ts";
import { type ComparedFigure, changeOf, formatPercent } from "./change.ts";

const ARROWS = { up: "↑", down: "↓", flat: "→", new: "↑" } as const;
const COLORS = { up: "teal.9", down: "red.9", flat: "dimmed", new: "teal.9" } as const;

/**
 * The comparison change of a card: an arrow and a percentage for the eye (aria-hidden), a full sentence for
 * screen readers. Nothing without a comparison.
 */
export function ChangeBadge({ figure }: { figure: ComparedFigure }) {
  const { t } = useTranslation();
  const lang = useLang();
  const change = changeOf(figure);
  if (!change) return null;
  const percent = formatPercent(change.percent, lang);
  const sentence =
    change.direction === "up" || change.direction === "down"
      ? t(`home.change.${change.direction}`, { percent })
      : t(`home.change.${change.direction}`);
  return (
    <Group gap={4} data-testid="change" data-direction={change.direction} data-percent={change.percent ?? ""}>
      <Text component="span" size="sm" fw={600} c={COLORS[change.direction]} aria-hidden="true">
        {ARROWS[change.direction]} {change.direction === "new" ? t("home.change.newShort") : percent}
      </Text>
      <VisuallyHidden>{sentence}</VisuallyHidden>
    </Group>
  );
}
