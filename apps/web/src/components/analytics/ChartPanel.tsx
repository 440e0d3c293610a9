import "@mantine/charts/styles.css";
import { AreaChart, BarChart, DonutChart, LineChart } from "@mantine/charts";
import { Button, Card, ColorSwatch, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChartRow, type Dir, forDirection, isEmptySeries } from "./chartData.ts";
import { EmptyState } from "./QueryStates.tsx";

const DONUT_COLORS = ["blue.7", "teal.7", "orange.6", "grape.6", "cyan.7", "red.7", "lime.7", "gray.6"];

export interface PanelSeries {
  key: string;
  label: string;
  color: string;
  /** Comparison series are dashed. */
  dashed?: boolean;
}

export interface ChartPanelProps {
  /** data-testid suffix: chart-<id>, chart-table-<id>. */
  id: string;
  title: string;
  kind: "area" | "line" | "bar" | "donut";
  /** Rows in time (or list) order; the chart reverses them right to left. */
  rows: ChartRow[];
  series: PanelSeries[];
  /** Full value text (tooltip and table). */
  format: (value: number) => string;
  /** Value-axis ticks; defaults to format. */
  axisFormat?: (value: number) => string;
  /** Header of the label column of the table (Date, Branch, Method...). */
  categoryLabel: string;
  dir: Dir;
  height?: number;
}

/**
 * One chart with its data: the drawing is hidden from assistive technology (aria-hidden, no focusable layer)
 * and the same rows are always in a table with a caption, visually hidden until "Show the data table".
 * Right to left: rows reversed and the value axis on the right.
 */
export function ChartPanel(props: ChartPanelProps) {
  const { id, title, kind, rows, series, format, dir } = props;
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const empty = isEmptySeries(
    rows,
    series.map((s) => s.key),
  );
  const axisFormat = props.axisFormat ?? format;
  const height = props.height ?? 260;
  const drawn = forDirection(rows, dir);
  const rtl = dir === "rtl";
  const common = {
    h: height,
    data: drawn,
    dataKey: "label",
    series: series.map((s) => ({
      name: s.key,
      label: s.label,
      color: s.color,
      ...(s.dashed ? { strokeDasharray: "5 5" } : {}),
    })),
    valueFormatter: format,
    withLegend: series.length > 1,
    accessibilityLayer: false,
    tooltipAnimationDuration: 0,
    yAxisProps: {
      orientation: rtl ? ("right" as const) : ("left" as const),
      tickFormatter: axisFormat,
      width: 64,
    },
    xAxisProps: { reversed: false, minTickGap: 16 },
    legendProps: { verticalAlign: "bottom" as const, height: 40 },
  };

  let chart: React.ReactNode = null;
  if (!empty) {
    if (kind === "area")
      chart = <AreaChart {...common} curveType="monotone" withDots={false} fillOpacity={0.2} />;
    else if (kind === "line") chart = <LineChart {...common} curveType="monotone" withDots={false} />;
    else if (kind === "bar") chart = <BarChart {...common} />;
    else {
      const first = series[0];
      chart = first ? (
        <Stack gap="sm" align="center">
          <DonutChart
            h={height - 60}
            size={Math.min(180, height - 80)}
            thickness={26}
            withTooltip
            tooltipDataSource="segment"
            // No focusable layer inside the aria-hidden drawing (the table carries the data); hover tooltips stay.
            accessibilityLayer={false}
            pieProps={{ rootTabIndex: -1 }}
            valueFormatter={format}
            data={rows.map((r, i) => ({
              name: String(r.label),
              value: Number(r[first.key] ?? 0),
              color: DONUT_COLORS[i % DONUT_COLORS.length] ?? "gray.6",
            }))}
          />
          <Group gap="md" justify="center">
            {rows.map((r, i) => (
              <Group key={String(r.label)} gap={6} wrap="nowrap">
                <ColorSwatch
                  color={`var(--mantine-color-${(DONUT_COLORS[i % DONUT_COLORS.length] ?? "gray.6").replace(".", "-")})`}
                  size={12}
                />
                <Text size="sm">{r.label}</Text>
              </Group>
            ))}
          </Group>
        </Stack>
      ) : null;
    }
  }

  return (
    <Card
      padding="md"
      data-testid={`chart-${id}`}
      data-points={rows.length}
      data-dir={dir}
      aria-labelledby={titleId}
      component="section"
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        {!empty ? (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setShowTable((v) => !v)}
            aria-expanded={showTable}
            aria-controls={tableId}
            data-testid={`chart-table-toggle-${id}`}
          >
            {showTable ? t("home.charts.hideTable") : t("home.charts.showTable")}
          </Button>
        ) : null}
      </Group>
      {empty ? (
        <EmptyState testId={`chart-empty-${id}`} />
      ) : (
        <>
          <div
            aria-hidden="true"
            data-testid={`chart-drawing-${id}`}
            data-first-label={String(drawn[0]?.label ?? "")}
          >
            {chart}
          </div>
          {showTable ? (
            <DataTable tableId={tableId} {...props} />
          ) : (
            <VisuallyHidden>
              <DataTable tableId={tableId} {...props} scroll={false} />
            </VisuallyHidden>
          )}
        </>
      )}
    </Card>
  );
}

function DataTable({
  tableId,
  id,
  title,
  rows,
  series,
  format,
  categoryLabel,
  scroll = true,
}: ChartPanelProps & { tableId: string; scroll?: boolean }) {
  const { t } = useTranslation();
  const table = (
    <Table id={tableId} data-testid={`chart-table-${id}`} striped withTableBorder fz="sm">
      <Table.Caption>{t("home.charts.tableCaption", { chart: title })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{categoryLabel}</Table.Th>
          {series.map((s) => (
            <Table.Th key={s.key} scope="col">
              {s.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
          <Table.Tr key={i}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            {series.map((s) => {
              const v = row[s.key];
              return <Table.Td key={s.key}>{typeof v === "number" ? format(v) : "—"}</Table.Td>;
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  // Visually hidden, a scroll container would be a 1-pixel scrollable region that no key can reach.
  return scroll ? (
    <Table.ScrollContainer minWidth={320} mt="sm">
      {table}
    </Table.ScrollContainer>
  ) : (
    table
  );
}
