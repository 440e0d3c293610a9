import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases.ts";
import { isTimestampColumnName, JSON_ROW_TABLES, reviveOptionalRow, reviveRow } from "./json-rows.ts";

describe("reviveRow", () => {
  it("turns the timestamp columns of a JSON row back into dates and leaves the rest", () => {
    const row = reviveRow<Record<string, unknown>>({
      id: 7,
      created_at: "2026-11-26T01:02:03.456+00:00",
      live_date: null,
      merchant_order_id: "2026-11-26T01:02:03+00:00",
      data: { created_at: "kept" },
    });
    expect(row.created_at).toEqual(new Date("2026-11-26T01:02:03.456Z"));
    expect(row.live_date).toBeNull();
    expect(row.merchant_order_id).toBe("2026-11-26T01:02:03+00:00");
    expect(row.data).toEqual({ created_at: "kept" });
    expect(reviveOptionalRow(null)).toBeNull();
  });
});

describeEachDatabase("JSON rows", (get) => {
  it("the tables read as JSON name exactly their timestamp columns *_at or *_date", async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name in (${sql.join([...JSON_ROW_TABLES])})`.execute(
      get().database.db,
    );
    expect(new Set(rows.map((r) => r.table_name))).toEqual(new Set(JSON_ROW_TABLES));
    const wrong = rows.filter(
      (r) => r.data_type.startsWith("timestamp") !== isTimestampColumnName(r.column_name),
    );
    expect(wrong).toEqual([]);
    // Numbers survive JSON as the driver gives them: bigint ids and money are safe integers.
    const numeric = rows.filter(
      (r) => r.data_type === "numeric" || r.data_type === "real" || r.data_type === "double precision",
    );
    expect(numeric).toEqual([]);
  });
});
