import { Badge, Switch, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLiveMode } from "../live/useLiveMode.ts";

/** Live/test switch (spec section 4): disabled with an explanation until the account has a live integration. */
export function LiveModeToggle() {
  const { t } = useTranslation();
  const { isLive, canToggle, setMode } = useLiveMode();
  const toggle = (
    <Switch
      checked={isLive}
      disabled={!canToggle}
      onChange={(event) => setMode(event.currentTarget.checked ? "live" : "test")}
      label={isLive ? t("live.live") : t("live.test")}
      aria-label={t("live.label")}
      aria-describedby={canToggle ? undefined : "live-mode-hint"}
      color="teal.8"
      size="md"
      styles={{ label: { color: "inherit" } }}
      data-testid="live-toggle"
      data-mode={isLive ? "live" : "test"}
    />
  );
  return (
    <>
      {canToggle ? (
        toggle
      ) : (
        <Tooltip label={t("live.disabledHint")} events={{ hover: true, focus: true, touch: true }}>
          <span>{toggle}</span>
        </Tooltip>
      )}
      {canToggle ? null : (
        <span id="live-mode-hint" className="visually-hidden">
          {t("live.disabledHint")}
        </span>
      )}
      {isLive ? null : (
        <Badge color="#a33a0b" variant="filled" visibleFrom="xs" aria-hidden>
          {t("live.testData")}
        </Badge>
      )}
    </>
  );
}
