import { analyticsQuerySchema, NO_BRANCH_KEY } from "@portal/domain";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, unique } from "../test/fixtures.ts";
import { merchantScope } from "./analytics.repository.ts";
import { reportFigures } from "./analytics.service.ts";

/**
 * The reports' branch point-of-sale revenue (issue 14): grouped by the terminals' branch (terminals.branch_id),
 * not by terminal; terminals without a branch under the "No branch" key.
 */
describeEachDatabase("reports: point-of-sale revenue by branch", (get) => {
  it("sums every terminal of a branch under the branch, and terminals without one under No branch", async () => {
    const db = get().database.db;
    const merchant = await fixtures(db).merchant({ country: "EGY" });
    const branch = (name: string) =>
      db
        .insertInto("merchant_branches")
        .values({
          merchant_id: merchant.id,
          branch_name: name,
          branch_code: unique("BR-"),
          city: "Cairo",
          address: "1 Nile Street",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const zamalek = await branch("Zamalek");
    const maadi = await branch("Maadi");
    const terminal = async (branchId: number | null) =>
      Number(
        (
          await db
            .insertInto("terminals")
            .values({ merchant_id: merchant.id, terminal_code: unique("T-"), branch_id: branchId })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const [z1, z2, m1, loose] = [
      await terminal(zamalek.id),
      await terminal(zamalek.id),
      await terminal(maadi.id),
      await terminal(null),
    ];
    const now = new Date();
    const at = new Date(now.getTime() - 2 * 3_600_000);
    const pos = (terminalId: number, amount: number) => ({
      merchant_id: merchant.id,
      is_live: true,
      amount_cents: amount,
      currency: "EGP",
      status: "success" as const,
      gateway_type: "card_present",
      trnx_type: "standalone",
      origin: "POS",
      channel: "POS",
      terminal_id: terminalId,
      card_scheme: "VISA",
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto("transactions")
      .values([pos(z1, 1000), pos(z2, 2500), pos(z2, 500), pos(m1, 700), pos(loose, 300)])
      .execute();
    const query = analyticsQuerySchema.parse({ date: "last_30_days", is_live: true });
    const scope = await merchantScope(db, merchant.id, true);
    const answer = await reportFigures(db, scope, query, now);
    const card = answer.cards.find((c) => c.currency === "EGP")!;
    const rows = card.pos_branches.map((b) => ({ key: b.key, count: b.count, gross: b.gross_amount.value }));
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: "Zamalek", count: 3, gross: 4000 },
        { key: "Maadi", count: 1, gross: 700 },
        { key: NO_BRANCH_KEY, count: 1, gross: 300 },
      ]),
    );
  });
});
