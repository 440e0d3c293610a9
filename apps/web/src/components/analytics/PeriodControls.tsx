import "@mantine/dates/styles.css";
import "dayjs/locale/ar";
import { Group, NativeSelect, SegmentedControl, Stack, Text } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLang } from "../../i18n/useLang.ts";
import { formatDate } from "../../lib/dates.ts";
import {
  CHANNELS,
  type Channel,
  COMPARISON_PRESETS,
  type ComparisonPreset,
  DATE_PRESETS,
  type DatePreset,
  GRANULARITIES,
  type Granularity,
  type PeriodState,
} from "../../lib/periodSearch.ts";
import { useDatePickerLabels } from "../useDatePickerLabels.ts";

export interface ResolvedRange {
  time_zone: string;
  from: string;
  to: string;
  comparison_from: string | null;
  comparison_to: string | null;
}

/** [from, to) instants as inclusive dates in the merchant's time zone. */
function rangeText(
  from: string,
  to: string,
  lang: "en" | "ar",
  timeZone: string,
): { from: string; to: string } {
  const last = new Date(Date.parse(to) - 1);
  return { from: formatDate(from, lang, timeZone), to: formatDate(last, lang, timeZone) };
}

/**
 * Date preset, custom range, comparison, granularity and channel; the currency choice when the merchant has
 * several. Every change goes to the URL (usePeriodState). Native selects: labelled, keyboard friendly, light.
 */
export function PeriodControls({
  state,
  onChange,
  currencies,
  currency,
  range,
}: {
  state: PeriodState;
  onChange: (patch: Partial<PeriodState>) => void;
  currencies: readonly string[];
  currency: string | undefined;
  range: ResolvedRange | undefined;
}) {
  const { t } = useTranslation();
  const dateLabels = useDatePickerLabels();
  const lang = useLang();
  // "Custom" is chosen first, the URL changes once both dates are picked.
  const [pickingCustom, setPickingCustom] = useState(false);
  const period: DatePreset = pickingCustom ? "custom" : state.period;
  const customValue: [string | null, string | null] =
    state.period === "custom" && state.from && state.to ? [state.from, state.to] : [null, null];
  const shown = range ? rangeText(range.from, range.to, lang, range.time_zone) : undefined;
  const compared =
    range?.comparison_from && range.comparison_to
      ? rangeText(range.comparison_from, range.comparison_to, lang, range.time_zone)
      : undefined;

  return (
    <Stack gap="xs" data-testid="period-controls">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t("home.period.label")}
          data-testid="period-select"
          value={period}
          onChange={(e) => {
            const value = e.currentTarget.value as DatePreset;
            if (value === "custom") setPickingCustom(true);
            else {
              setPickingCustom(false);
              onChange({ period: value });
            }
          }}
          data={DATE_PRESETS.map((p) => ({ value: p, label: t(`home.period.presets.${p}`) }))}
        />
        {period === "custom" ? (
          <DatesProvider
            settings={{
              locale: lang,
              firstDayOfWeek: lang === "ar" ? 6 : 0,
              weekendDays: lang === "ar" ? [5, 6] : [0, 6],
            }}
          >
            <DatePickerInput
              {...dateLabels}
              type="range"
              label={t("home.period.customLabel")}
              placeholder={t("home.period.customPlaceholder")}
              data-testid="custom-range"
              valueFormat="DD MMM YYYY"
              maxDate={new Date()}
              value={customValue}
              miw={240}
              onChange={(value) => {
                const [from, to] = value;
                if (from && to) {
                  setPickingCustom(false);
                  onChange({
                    period: "custom",
                    from: String(from).slice(0, 10),
                    to: String(to).slice(0, 10),
                  });
                }
              }}
            />
          </DatesProvider>
        ) : null}
        <NativeSelect
          label={t("home.period.comparisonLabel")}
          data-testid="comparison-select"
          value={state.comparison}
          onChange={(e) => onChange({ comparison: e.currentTarget.value as ComparisonPreset })}
          data={COMPARISON_PRESETS.map((c) => ({ value: c, label: t(`home.period.comparisons.${c}`) }))}
        />
        <NativeSelect
          label={t("home.period.granularityLabel")}
          data-testid="granularity-select"
          value={state.granularity}
          onChange={(e) => onChange({ granularity: e.currentTarget.value as Granularity })}
          data={GRANULARITIES.map((g) => ({ value: g, label: t(`home.period.granularities.${g}`) }))}
        />
        <NativeSelect
          label={t("home.period.channelLabel")}
          data-testid="channel-select"
          value={state.channel}
          onChange={(e) => onChange({ channel: e.currentTarget.value as Channel })}
          data={CHANNELS.map((c) => ({ value: c, label: t(`home.period.channels.${c}`) }))}
        />
        {currencies.length > 1 && currency ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="currency-label">
              {t("home.period.currencyLabel")}
            </Text>
            <SegmentedControl
              aria-labelledby="currency-label"
              data-testid="currency-select"
              value={currency}
              onChange={(value) => onChange({ currency: value })}
              data={currencies.map((c) => ({ value: c, label: c }))}
            />
          </Stack>
        ) : null}
      </Group>
      {shown ? (
        <Text size="sm" c="dimmed" data-testid="period-range">
          {t("home.period.range", shown)}
          {compared ? ` · ${t("home.period.comparedWith", compared)}` : ""}
        </Text>
      ) : null}
    </Stack>
  );
}
