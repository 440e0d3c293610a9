/**
 * The named permissions of the portal. The spec gives the staff permission labels (merchant-dashboard.md
 * section 6, back-office.md section 6); ids are ours and stable, because clients store them.
 */
export const PERMISSIONS = [
  { id: 1, area: "orders", name: "can create orders" },
  { id: 2, area: "orders", name: "can view orders" },
  { id: 3, area: "orders", name: "can update orders" },
  { id: 4, area: "orders", name: "can delete orders" },
  { id: 5, area: "products", name: "can view products" },
  { id: 6, area: "products", name: "can create products" },
  { id: 7, area: "products", name: "can update products" },
  { id: 8, area: "products", name: "can delete products" },
  { id: 9, area: "transactions", name: "can view transactions" },
  { id: 10, area: "transactions", name: "can capture transactions" },
  { id: 11, area: "transactions", name: "can void transactions" },
  { id: 12, area: "transactions", name: "can refund transactions" },
  { id: 13, area: "transactions", name: "can create transactions" },
  { id: 14, area: "transactions", name: "can delete transactions" },
  { id: 15, area: "paymentIntegrations", name: "can view payment integration" },
  { id: 16, area: "paymentIntegrations", name: "can create payment integration" },
  { id: 17, area: "paymentIntegrations", name: "can update payment integration" },
  { id: 18, area: "iframes", name: "can view iframe" },
  { id: 19, area: "iframes", name: "can create iframe" },
  { id: 20, area: "iframes", name: "can update iframe" },
  { id: 21, area: "iframes", name: "can delete iframe" },
  { id: 22, area: "users", name: "can view staff" },
  { id: 23, area: "users", name: "can create staff" },
  { id: 24, area: "users", name: "can update staff" },
  { id: 25, area: "users", name: "can delete staff" },
  { id: 26, area: "transfers", name: "can view transfers" },
  { id: 27, area: "plugins", name: "can view plugins" },
  { id: 28, area: "notifications", name: "can view notifications" },
  { id: 29, area: "apiKey", name: "can view api key" },
  { id: 30, area: "apiKey", name: "can recreate api key" },
  { id: 31, area: "publicSecretKeys", name: "can view public secret keys" },
  { id: 32, area: "publicSecretKeys", name: "can recreate public secret keys" },
  { id: 33, area: "quickLinks", name: "can view quick links" },
  { id: 34, area: "quickLinks", name: "can create quick links" },
  { id: 35, area: "customers", name: "can view customers" },
  { id: 36, area: "reports", name: "can view reports" },
  { id: 37, area: "merchants", name: "can view merchants" },
  { id: 38, area: "merchants", name: "can review merchants" },
  { id: 39, area: "merchants", name: "can add merchants" },
  { id: 40, area: "terminals", name: "can view terminals" },
  // The bank's back-office (docs/backoffice.md): the fraud and digital bank staff's decisions.
  { id: 41, area: "merchants", name: "can flag suspicious merchants" },
  { id: 42, area: "merchants", name: "can review digital merchants" },
  // The card and QR bank staff's approvals (docs/backoffice.md "Card and QR approvals").
  { id: 43, area: "merchants", name: "can review card merchants" },
  { id: 44, area: "merchants", name: "can review QR merchants" },
] as const;

export type PermissionName = (typeof PERMISSIONS)[number]["name"];
export type PermissionArea = (typeof PERMISSIONS)[number]["area"];

const byName = new Map<string, number>(PERMISSIONS.map((p) => [p.name, p.id]));
const byId = new Map<number, PermissionName>(PERMISSIONS.map((p) => [p.id, p.name]));

export function permissionId(name: PermissionName): number {
  return byName.get(name)!;
}
export function permissionName(id: number): PermissionName | undefined {
  return byId.get(id);
}
export function isPermissionName(name: string): name is PermissionName {
  return byName.has(name);
}

/** Everything a merchant owner may do; staff get a chosen subset. */
export const MERCHANT_PERMISSIONS: readonly PermissionName[] = PERMISSIONS.filter(
  (p) => p.area !== "merchants",
).map((p) => p.name);

/** What a bank account may do on its own merchants. */
export const BANK_PERMISSIONS: readonly PermissionName[] = [
  "can view merchants",
  "can review merchants",
  "can add merchants",
  "can flag suspicious merchants",
  "can review digital merchants",
  "can review card merchants",
  "can review QR merchants",
  "can view transactions",
  "can view orders",
  "can view reports",
  "can view transfers",
];

/**
 * The bank staff roles the spec names as fields (back-office.md sections 3 and 6) and the permissions each
 * gives a BankStaff user (docs/backoffice.md "Roles"). A bank account (profile Bank) holds them all.
 */
export const BANK_STAFF_ROLES = {
  bank_staff: ["can view merchants", "can review merchants", "can add merchants", "can view transactions"],
  card_bank_staff: [
    "can view merchants",
    "can review merchants",
    "can review card merchants",
    "can view transactions",
  ],
  qr_bank_staff: [
    "can view merchants",
    "can review merchants",
    "can review QR merchants",
    "can view transactions",
  ],
  fraud_bank_staff: ["can view merchants", "can flag suspicious merchants", "can view transactions"],
  digital_bank_staff: ["can view merchants", "can review digital merchants"],
} as const satisfies Record<string, readonly PermissionName[]>;
export type BankStaffRole = keyof typeof BANK_STAFF_ROLES;

/** A terminal sees its own payments only. */
export const TERMINAL_PERMISSIONS: readonly PermissionName[] = [
  "can view transactions",
  "can view terminals",
];

/** The id-to-name dictionary answered by /api/auth/merchant_staff/permission/list_perms. */
export function permissionDictionary(): Record<string, PermissionName> {
  return Object.fromEntries(PERMISSIONS.map((p) => [String(p.id), p.name]));
}
