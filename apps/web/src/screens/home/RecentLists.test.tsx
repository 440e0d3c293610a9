import type { RecentOrder, RecentTransaction } from "@portal/domain/analytics-api";
import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderInApp, useLanguage } from "../../test/render.tsx";
import { RecentPanels } from "./RecentLists.tsx";

const order: RecentOrder = {
  id: 71,
  merchant_order_id: "SHOP-71",
  amount_cents: 4321,
  currency: "EGP",
  payment_status: "PAID",
  delivery_needed: false,
  created_at: "2026-11-24T10:00:00.000Z",
};
const transaction: RecentTransaction = {
  id: 902,
  order_id: 71,
  amount_cents: 4321,
  currency: "EGP",
  status: "success",
  trnx_type: "standalone",
  gateway_type: "VPC",
  channel: "Ecommerce",
  card_last4: "2346",
  created_at: "2026-11-24T10:00:00.000Z",
};

describe("the home page's recent lists", () => {
  beforeAll(() => useLanguage("en"));

  it("shows both panels to a user who may view orders and transactions", () => {
    renderInApp(<RecentPanels orders={[order]} transactions={[transaction]} />);
    expect(screen.getByTestId("recent-orders")).toBeTruthy();
    expect(screen.getByTestId("recent-transactions")).toBeTruthy();
    expect(screen.getAllByTestId("recent-order")).toHaveLength(1);
  });

  it("leaves out the panel of a list the server did not send (null: no permission), not an empty panel", () => {
    const { unmount } = renderInApp(<RecentPanels orders={null} transactions={[transaction]} />);
    expect(screen.queryByTestId("recent-orders")).toBeNull();
    expect(screen.getByTestId("recent-transactions")).toBeTruthy();
    unmount();
    renderInApp(<RecentPanels orders={[]} transactions={null} />);
    expect(screen.getByTestId("recent-orders")).toBeTruthy();
    expect(screen.queryByTestId("recent-transactions")).toBeNull();
  });

  it("shows nothing to a user who may view neither", () => {
    renderInApp(<RecentPanels orders={null} transactions={null} />);
    expect(screen.queryByTestId("recent-orders")).toBeNull();
    expect(screen.queryByTestId("recent-transactions")).toBeNull();
  });
});
