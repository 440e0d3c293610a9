import { DatePickerInput } from "@mantine/dates";
import { useDatePickerLabels } from "./useDatePickerLabels.ts";

interface Props {
  label: string;
  value: [string | null, string | null];
  onChange: (value: [string | null, string | null]) => void;
  error?: string;
  description?: string;
  testId: string;
  clearable?: boolean;
  required?: boolean;
}

/** A date range (YYYY-MM-DD strings) for the totals header, exports and callback resends. */
export function DateRangeField(props: Props) {
  const labels = useDatePickerLabels();
  return (
    <DatePickerInput
      {...labels}
      type="range"
      label={props.label}
      value={props.value}
      onChange={(v) => props.onChange([v[0] ?? null, v[1] ?? null])}
      error={props.error}
      description={props.description}
      clearable={props.clearable}
      required={props.required}
      allowSingleDateInRange
      valueFormat="DD MMM YYYY"
      data-testid={props.testId}
      miw={240}
      size="sm"
    />
  );
}
