import { useTranslation } from "react-i18next";

/**
 * What every date picker of the dashboard passes to Mantine's DatePickerInput so its dropdown is accessible in
 * both languages: names for the previous and next month controls (icon-only buttons), and no dialog role on the
 * dropdown, whose label Mantine points at an id the input does not carry (axe: aria-dialog-name). The dropdown
 * stays a keyboard-trapped popover of named day buttons.
 */
export function useDatePickerLabels() {
  const { t } = useTranslation();
  return {
    previousLabel: t("dates.previousMonth"),
    nextLabel: t("dates.nextMonth"),
    popoverProps: { withRoles: false },
  } as const;
}
