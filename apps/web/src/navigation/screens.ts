import type { PermissionName, ProfileType } from "@portal/domain";

/**
 * Every screen of the signed-in dashboard: its path under /portal2/{lang}/, the permission it needs and the menus
 * (profile kinds) it belongs to. The spec leaves these paths open (docs/web.md). Menus and route guards both read
 * this table, so every menu link resolves and a screen outside the user's menu or permissions shows the
 * no-permission page.
 */
export type MenuKind = "merchant" | "bank" | "terminal" | "partner";

export const SCREENS = {
  home: { path: "home", permission: null, menus: ["merchant"] },
  merchants: { path: "merchants", permission: "can view merchants", menus: ["bank", "partner"] },
  merchantAdmin: { path: "merchant-admin", permission: "can review merchants", menus: ["bank"] },
  // The bank's lenders (docs/pos-risk.md "Lenders"): reading needs the merchants' view, changing "can add merchants".
  lenders: { path: "lenders", permission: "can view merchants", menus: ["bank"] },
  transactions: {
    path: "transactions",
    permission: "can view transactions",
    menus: ["merchant", "bank", "terminal", "partner"],
  },
  orders: { path: "orders", permission: "can view orders", menus: ["merchant", "bank"] },
  invoices: { path: "invoices", permission: "can view orders", menus: ["merchant"] },
  paymentLinks: { path: "payment-links", permission: "can view quick links", menus: ["merchant"] },
  products: { path: "products", permission: "can view products", menus: ["merchant"] },
  customers: { path: "customers", permission: "can view customers", menus: ["merchant"] },
  paymentIntegrations: {
    path: "payment-integrations",
    permission: "can view payment integration",
    menus: ["merchant"],
  },
  apiKeys: { path: "api-keys", permission: "can view api key", menus: ["merchant"] },
  checkout: { path: "checkout", permission: "can view payment integration", menus: ["merchant"] },
  iframes: { path: "iframes", permission: "can view iframe", menus: ["merchant"] },
  // Test helpers (issue 15 item 4): the test clock, recent test callback deliveries, how to call the helpers.
  developers: { path: "developers", permission: "can view api key", menus: ["merchant"] },
  users: { path: "users", permission: "can view staff", menus: ["merchant"] },
  transfers: { path: "transfers", permission: "can view transfers", menus: ["merchant", "bank"] },
  chargebacks: { path: "chargebacks", permission: "can view transactions", menus: ["merchant", "bank"] },
  reports: { path: "reports", permission: "can view reports", menus: ["merchant", "bank"] },
  // Reached from the Reports screen's tabs, not from the side menu.
  reportFiles: { path: "report-files", permission: "can view reports", menus: ["merchant", "bank"] },
  terminals: { path: "terminals", permission: "can view terminals", menus: ["merchant"] },
  branches: { path: "branches", permission: "can view terminals", menus: ["merchant"] },
  qrPayment: { path: "qr-payment", permission: "can create transactions", menus: ["merchant"] },
  riskCenter: { path: "risk-center", permission: "can view transactions", menus: ["merchant"] },
  statements: { path: "statements", permission: "can view reports", menus: ["merchant"] },
  tutorials: { path: "tutorials", permission: null, menus: ["merchant"] },
  settings: { path: "settings", permission: null, menus: ["merchant"] },
  profile: { path: "profile", permission: null, menus: ["merchant"] },
  terminalReports: {
    path: "terminal-reports",
    permission: "can view terminals",
    menus: ["terminal", "merchant"],
  },
  // The bank reads its merchants' terminal reports with the permission its users hold (docs/pos-risk.md).
  bankTerminalReports: {
    path: "bank-terminal-reports",
    permission: "can view transactions",
    menus: ["bank"],
  },
  // Reached from the header (Create menu, Activate Account), not from the side menu.
  newPaymentLink: { path: "payment-links/new", permission: "can create quick links", menus: ["merchant"] },
  newProduct: { path: "products/new", permission: "can create products", menus: ["merchant"] },
  newInvoice: { path: "invoices/new", permission: "can create orders", menus: ["merchant"] },
  bulkInvoices: { path: "bulk-invoices", permission: "can create orders", menus: ["merchant"] },
  activateAccount: { path: "activate-account", permission: null, menus: ["merchant"] },
  // In the side menu and reached from the Transactions screen (back-office.md section 2 "Transactions: request
  // to pay").
  requestToPay: { path: "request-to-pay", permission: "can view transactions", menus: ["merchant"] },
  // Reached from Settings (docs/settings.md "Checkout customization"), not from the side menu.
  checkoutCustomization: {
    path: "checkout-customization",
    permission: "can update payment integration",
    menus: ["merchant"],
  },
} as const satisfies Record<string, { path: string; permission: PermissionName | null; menus: MenuKind[] }>;

export type ScreenKey = keyof typeof SCREENS;
export type Screen = (typeof SCREENS)[ScreenKey];

/** Side-menu order per profile kind (spec section 2 and the issue text). */
export const SIDE_MENUS: Record<MenuKind, readonly ScreenKey[]> = {
  merchant: [
    "home",
    "transactions",
    "orders",
    "invoices",
    "paymentLinks",
    "requestToPay",
    "products",
    "customers",
    "paymentIntegrations",
    "apiKeys",
    "checkout",
    "iframes",
    "developers",
    "users",
    "transfers",
    "chargebacks",
    "reports",
    "terminals",
    "branches",
    "terminalReports",
    "qrPayment",
    "riskCenter",
    "statements",
    "tutorials",
    "settings",
    "profile",
  ],
  bank: [
    "merchants",
    "merchantAdmin",
    "lenders",
    "transactions",
    "orders",
    "reports",
    "transfers",
    "chargebacks",
    "bankTerminalReports",
  ],
  // A terminal lands on its reports (its day's figures), then its own payments.
  terminal: ["terminalReports", "transactions"],
  partner: ["merchants", "transactions"],
};

/** The header's Create menu (merchants): Quick Link, Product, Invoice, Bulk Invoices, QR Payment. */
export const CREATE_MENU: readonly ScreenKey[] = [
  "newPaymentLink",
  "newProduct",
  "newInvoice",
  "bulkInvoices",
  "qrPayment",
];

/** Which menu a profile type gets. Partner-branded merchants keep the merchant menu inside the partner layout. */
export function menuKindFor(profileType: ProfileType): MenuKind {
  switch (profileType) {
    case "Merchant":
    case "MerchantStaff":
      return "merchant";
    case "Bank":
    case "BankStaff":
      return "bank";
    case "Terminal":
      return "terminal";
    case "Partner":
      return "partner";
  }
}

export interface Viewer {
  profileType: ProfileType;
  permNames: readonly string[];
}

/** Partners are exempt from permissions (spec section 4); everyone else needs the screen's permission. */
export function canView(key: ScreenKey, viewer: Viewer): boolean {
  const screen: Screen = SCREENS[key];
  const kind = menuKindFor(viewer.profileType);
  if (!(screen.menus as readonly MenuKind[]).includes(kind)) return false;
  if (screen.permission === null || viewer.profileType === "Partner") return true;
  return viewer.permNames.includes(screen.permission);
}

export function sideMenuFor(viewer: Viewer): ScreenKey[] {
  return SIDE_MENUS[menuKindFor(viewer.profileType)].filter((key) => canView(key, viewer));
}

export function createMenuFor(viewer: Viewer): ScreenKey[] {
  return CREATE_MENU.filter((key) => canView(key, viewer));
}

/** Where each profile lands after sign-in: the first screen of its menu it may see. */
export function landingFor(viewer: Viewer): ScreenKey {
  const first = sideMenuFor(viewer)[0];
  if (first) return first;
  // Nothing permitted: the merchant home needs no permission; other kinds land on their first screen,
  // which then shows the no-permission page.
  const kind = menuKindFor(viewer.profileType);
  return kind === "merchant" ? "home" : SIDE_MENUS[kind][0]!;
}

export function screenKeyForPath(path: string): ScreenKey | undefined {
  const clean = path.replace(/^\/+|\/+$/g, "");
  return (Object.keys(SCREENS) as ScreenKey[]).find((key) => SCREENS[key].path === clean);
}
