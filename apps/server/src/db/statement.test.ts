import { describe, expect, it } from "vitest";
import { Statement } from "./statement.ts";

describe("Statement", () => {
  it("numbers parameters in order and writes a row's columns, leaving undefined ones out", () => {
    const st = new Statement();
    expect(st.param(7)).toBe("$1");
    expect(st.insertColumns({ a: 1, b: undefined, c: null, d: "x" })).toBe("(a, c, d) values ($2, $3, $4)");
    expect(st.params).toEqual([7, 1, null, "x"]);
  });

  it("writes several rows under one column list, DEFAULT where a row has no value, then the expressions", () => {
    const st = new Statement();
    const text = st.insertColumns([{ a: 1, b: 2 }, { a: 3 }, { b: 4, c: undefined }], {
      order_id: "(select id from o)",
    });
    expect(text).toBe(
      "(a, b, order_id) values ($1, $2, (select id from o)), ($3, default, (select id from o)), (default, $4, (select id from o))",
    );
    expect(st.params).toEqual([1, 2, 3, 4]);
  });

  it("an expression replaces a row's own value of that column", () => {
    const st = new Statement();
    expect(st.insertColumns({ a: 1, order_id: 0 }, { order_id: "(select id from o)" })).toBe(
      "(a, order_id) values ($1, (select id from o))",
    );
    expect(st.params).toEqual([1]);
  });

  it("refuses a column name that is not a plain identifier", () => {
    expect(() => new Statement().insertColumns({ "a; drop table x": 1 })).toThrow(/not a column name/);
    expect(() => new Statement().insertColumns({ a: 1 }, { "b)": "1" })).toThrow(/not a column name/);
  });
});
