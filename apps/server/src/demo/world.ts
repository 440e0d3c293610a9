import type { Country, PartnerCss, PermissionName } from "@portal/domain";

/**
 * The fixed cast of the demo: banks, the partner, merchants per country with their payment methods, and the
 * staff permission sets. Only the activity (customers, orders, transactions...) is drawn at random.
 */

export const DEMO_PASSWORD = "Demo@2026";

/** How a payment method is wired: integration type and gateway code as the provider names them. */
export interface MethodSpec {
  key: string;
  name: string;
  type: "online" | "moto" | "cash" | "vodafone" | "card_present" | "installments";
  gatewayType: string;
  /** source_data.type in the provider's transaction object. */
  sourceType: "card" | "wallet" | "aggregator" | "cash_present" | "valu";
  currency: string;
  live: boolean;
  test: boolean;
  /** Share of the merchant's payments. */
  weight: number;
  channel: "Ecommerce" | "POS";
  /** Share of successful card payments made as auth (captured later) instead of a direct sale. */
  authShare?: number;
  installment?: "valu" | "bank";
  /** Card schemes and their weights for card methods. */
  schemes?: readonly (readonly [Scheme, number])[];
}

export type Scheme = "MasterCard" | "Visa" | "Meeza" | "Mada" | "OmanNet" | "Amex";

export interface Product {
  name: string;
  /** Price in major units of the merchant's currency. */
  price: number;
}

export interface MerchantSpec {
  /** Username suffix and stream name: merchant.<slug>, staff1.<slug>, staff2.<slug>. */
  slug: string;
  country: Country;
  companyName: string;
  sector: string;
  mcc: string;
  /** Prefix of merchant_order_id values. */
  orderPrefix: string;
  bank?: "egypt" | "uae";
  partnerBranded?: boolean;
  bankMerchantStatus: "approved" | "pending" | "rejected" | "deactivated";
  digitalStatus: "approved" | "pending" | "rejected";
  isLive: boolean;
  isMobadra?: boolean;
  /** Signs in with an owner and two staff users. */
  hasUsers: boolean;
  hasTerminal?: boolean;
  /** Payments over the 13 months at the default volume. */
  payments: number;
  /** Share of orders delivered (shipping data). */
  deliveryShare: number;
  /** Months ago the merchant joined (activity starts then, at most 13 months back). */
  joinedMonthsAgo: number;
  methods: MethodSpec[];
  catalog: Product[];
}

const MC_VISA: MethodSpec["schemes"] = [
  ["MasterCard", 55],
  ["Visa", 42],
  ["Amex", 3],
];

function card(currency: string, weight: number, extra: Partial<MethodSpec> = {}): MethodSpec {
  return {
    key: `card_${currency.toLowerCase()}`,
    name: `Online Card ${currency}`,
    type: "online",
    gatewayType: "VPC",
    sourceType: "card",
    currency,
    live: true,
    test: true,
    weight,
    channel: "Ecommerce",
    schemes: MC_VISA,
    ...extra,
  };
}

const EGP = "EGP";

export const MERCHANTS: MerchantSpec[] = [
  {
    slug: "egypt",
    country: "EGY",
    companyName: "Nile Electronics",
    sector: "Electronics",
    mcc: "5732",
    orderPrefix: "NE",
    bank: "egypt",
    bankMerchantStatus: "approved",
    digitalStatus: "approved",
    isLive: true,
    hasUsers: true,
    hasTerminal: true,
    payments: 5200,
    deliveryShare: 0.45,
    joinedMonthsAgo: 20,
    methods: [
      card(EGP, 40, {
        schemes: [
          ["MasterCard", 45],
          ["Visa", 40],
          ["Meeza", 15],
        ],
      }),
      card("USD", 3),
      {
        ...card(EGP, 2),
        key: "moto_egp",
        name: "MOTO EGP",
        type: "moto",
        test: false,
        authShare: 0.6,
      },
      {
        key: "wallet",
        name: "Mobile Wallets",
        type: "vodafone",
        gatewayType: "UIG",
        sourceType: "wallet",
        currency: EGP,
        live: true,
        test: true,
        weight: 15,
        channel: "Ecommerce",
      },
      {
        key: "kiosk",
        name: "Accept Kiosk",
        type: "cash",
        gatewayType: "CAGG",
        sourceType: "aggregator",
        currency: EGP,
        live: true,
        test: true,
        weight: 8,
        channel: "Ecommerce",
      },
      {
        key: "cash",
        name: "Cash Collection",
        type: "cash",
        gatewayType: "CASH",
        sourceType: "cash_present",
        currency: EGP,
        live: true,
        test: false,
        weight: 5,
        channel: "Ecommerce",
      },
      {
        key: "valu",
        name: "valU",
        type: "installments",
        gatewayType: "VALU",
        sourceType: "valu",
        currency: EGP,
        live: true,
        test: true,
        weight: 7,
        channel: "Ecommerce",
        installment: "valu",
      },
      {
        key: "pos",
        name: "POS Terminal",
        type: "card_present",
        gatewayType: "card_present",
        sourceType: "card",
        currency: EGP,
        live: true,
        test: false,
        weight: 10,
        channel: "POS",
        schemes: [
          ["MasterCard", 40],
          ["Visa", 35],
          ["Meeza", 25],
        ],
      },
    ],
    catalog: [
      { name: "Wireless Earbuds", price: 1299 },
      { name: "Smartphone 128GB", price: 14999 },
      { name: "Phone Case", price: 249.5 },
      { name: "USB-C Charger 25W", price: 399 },
      { name: "Smart Watch", price: 4599 },
      { name: "Laptop 14 inch", price: 28999 },
      { name: "Bluetooth Speaker", price: 1850 },
      { name: "Power Bank 20000mAh", price: 899 },
      { name: "HDMI Cable 2m", price: 149.99 },
      { name: "Air Fryer", price: 3750 },
    ],
  },
  {
    slug: "egypt2",
    country: "EGY",
    companyName: "Delta Pharmacy",
    sector: "Health",
    mcc: "5912",
    orderPrefix: "DP",
    bank: "egypt",
    partnerBranded: true,
    bankMerchantStatus: "approved",
    digitalStatus: "approved",
    isLive: true,
    hasUsers: true,
    payments: 2600,
    deliveryShare: 0.6,
    joinedMonthsAgo: 15,
    methods: [
      card(EGP, 55, {
        schemes: [
          ["MasterCard", 45],
          ["Visa", 35],
          ["Meeza", 20],
        ],
      }),
      {
        key: "wallet",
        name: "Mobile Wallets",
        type: "vodafone",
        gatewayType: "UIG",
        sourceType: "wallet",
        currency: EGP,
        live: true,
        test: true,
        weight: 25,
        channel: "Ecommerce",
      },
      {
        key: "kiosk",
        name: "Accept Kiosk",
        type: "cash",
        gatewayType: "CAGG",
        sourceType: "aggregator",
        currency: EGP,
        live: true,
        test: false,
        weight: 10,
        channel: "Ecommerce",
      },
      {
        key: "cash",
        name: "Cash on Delivery",
        type: "cash",
        gatewayType: "CASH",
        sourceType: "cash_present",
        currency: EGP,
        live: true,
        test: true,
        weight: 10,
        channel: "Ecommerce",
      },
    ],
    catalog: [
      { name: "Vitamin D3 Drops", price: 115 },
      { name: "Pain Relief Tablets", price: 42.5 },
      { name: "Baby Formula 400g", price: 320 },
      { name: "Sunscreen SPF 50", price: 465 },
      { name: "Blood Pressure Monitor", price: 1450 },
      { name: "Face Masks (50)", price: 95 },
      { name: "Hair Care Set", price: 540 },
      { name: "Digital Thermometer", price: 185 },
    ],
  },
  {
    slug: "uae",
    country: "ARE",
    companyName: "Gulf Fashion House",
    sector: "Fashion",
    mcc: "5651",
    orderPrefix: "GFH",
    bank: "uae",
    bankMerchantStatus: "approved",
    digitalStatus: "approved",
    isLive: true,
    hasUsers: true,
    payments: 3900,
    deliveryShare: 0.7,
    joinedMonthsAgo: 18,
    methods: [
      card("AED", 65, { authShare: 0.15 }),
      card("USD", 12),
      {
        ...card("AED", 10),
        key: "installments",
        name: "Bank Installments",
        type: "installments",
        gatewayType: "INSTALLMENT",
        test: true,
        installment: "bank",
      },
      { ...card("AED", 8), key: "moto_aed", name: "MOTO AED", type: "moto", test: false, authShare: 0.7 },
    ],
    catalog: [
      { name: "Linen Abaya", price: 489 },
      { name: "Silk Scarf", price: 149 },
      { name: "Leather Handbag", price: 1250 },
      { name: "Kandura", price: 320 },
      { name: "Sneakers", price: 399 },
      { name: "Oud Perfume 50ml", price: 275 },
      { name: "Sunglasses", price: 210 },
      { name: "Summer Dress", price: 235 },
    ],
  },
  {
    slug: "saudi",
    country: "SAU",
    companyName: "Riyadh Home Furnishings",
    sector: "Home",
    mcc: "5712",
    orderPrefix: "RHF",
    bankMerchantStatus: "approved",
    digitalStatus: "approved",
    isLive: true,
    hasUsers: true,
    payments: 3500,
    deliveryShare: 0.8,
    joinedMonthsAgo: 16,
    methods: [
      card("SAR", 85, {
        schemes: [
          ["Mada", 55],
          ["Visa", 25],
          ["MasterCard", 20],
        ],
        authShare: 0.05,
      }),
      {
        ...card("SAR", 15),
        key: "installments",
        name: "Installments",
        type: "installments",
        gatewayType: "INSTALLMENT",
        installment: "bank",
      },
    ],
    catalog: [
      { name: "Dining Chair", price: 349 },
      { name: "Floor Lamp", price: 289 },
      { name: "Majlis Cushion Set", price: 899 },
      { name: "Coffee Table", price: 749 },
      { name: "Persian Rug", price: 2150 },
      { name: "Curtain Pair", price: 199 },
      { name: "Wardrobe", price: 3299 },
      { name: "Bed Sheets Set", price: 259 },
    ],
  },
  {
    slug: "pakistan",
    country: "PAK",
    companyName: "Lahore Books & Learning",
    sector: "Education",
    mcc: "5942",
    orderPrefix: "LBL",
    bankMerchantStatus: "approved",
    digitalStatus: "approved",
    isLive: true,
    hasUsers: true,
    payments: 3000,
    deliveryShare: 0.5,
    joinedMonthsAgo: 14,
    methods: [
      card("PKR", 55),
      {
        key: "wallet",
        name: "Mobile Wallet",
        type: "vodafone",
        gatewayType: "MPAY",
        sourceType: "wallet",
        currency: "PKR",
        live: true,
        test: true,
        weight: 45,
        channel: "Ecommerce",
      },
    ],
    catalog: [
      { name: "Urdu Novel", price: 950 },
      { name: "Exam Prep Guide", price: 1800 },
      { name: "Online Course (3 months)", price: 12500 },
      { name: "Children's Storybook", price: 650 },
      { name: "Dictionary", price: 2200 },
      { name: "Stationery Pack", price: 1150 },
      { name: "Scientific Calculator", price: 4800 },
    ],
  },
  {
    slug: "oman",
    country: "OMN",
    companyName: "Muscat Travel & Tours",
    sector: "Travel",
    mcc: "4722",
    orderPrefix: "MTT",
    bankMerchantStatus: "approved",
    digitalStatus: "approved",
    isLive: true,
    hasUsers: true,
    payments: 2600,
    deliveryShare: 0,
    joinedMonthsAgo: 14,
    methods: [
      card("OMR", 60),
      {
        ...card("OMR", 40),
        key: "omannet",
        name: "OmanNet Debit",
        gatewayType: "omannet",
        schemes: [["OmanNet", 1]],
      },
    ],
    catalog: [
      { name: "Wadi Shab Day Trip", price: 45 },
      { name: "Desert Camp Night", price: 85.5 },
      { name: "Dhow Cruise", price: 27.75 },
      { name: "Nizwa Fort Tour", price: 32.25 },
      { name: "Airport Transfer", price: 12.5 },
      { name: "Jebel Akhdar Weekend", price: 210 },
      { name: "Dolphin Watching", price: 22.125 },
    ],
  },
  // Merchants of the two banks without sign-ins of their own: they fill the bank's merchant list.
  ...[
    [
      "cairo.coffee",
      "Cairo Coffee Roasters",
      "Food & Beverage",
      "5814",
      "approved",
      "approved",
      true,
      600,
      12,
    ],
    ["alex.seafood", "Alexandria Sea Foods", "Food & Beverage", "5422", "pending", "pending", false, 80, 3],
    ["giza.auto", "Giza Auto Parts", "Automotive", "5533", "rejected", "rejected", false, 0, 5],
    ["aswan.crafts", "Aswan Crafts", "Retail", "5947", "deactivated", "approved", false, 150, 13],
    ["mansoura.kids", "Mansoura Kids Wear", "Fashion", "5641", "pending", "approved", false, 40, 1],
  ].map((m) => bankMerchant("egypt", "EGY", m)),
  ...[
    ["sharjah.perfumes", "Sharjah Perfumes", "Retail", "5977", "approved", "approved", true, 500, 10],
    ["dubai.gadgets", "Dubai Gadgets Hub", "Electronics", "5732", "pending", "pending", false, 60, 2],
    ["ajman.bakery", "Ajman Bakery", "Food & Beverage", "5462", "rejected", "pending", false, 0, 4],
  ].map((m) => bankMerchant("uae", "ARE", m)),
];

function bankMerchant(
  bank: "egypt" | "uae",
  country: Country,
  m: (string | number | boolean)[],
): MerchantSpec {
  const [slug, companyName, sector, mcc, status, digital, isLive, payments, joined] = m as [
    string,
    string,
    string,
    string,
    MerchantSpec["bankMerchantStatus"],
    MerchantSpec["digitalStatus"],
    boolean,
    number,
    number,
  ];
  const currency = country === "EGY" ? EGP : "AED";
  return {
    slug,
    country,
    companyName,
    sector,
    mcc,
    orderPrefix: slug.slice(0, 3).toUpperCase(),
    bank,
    bankMerchantStatus: status,
    digitalStatus: digital,
    isLive,
    isMobadra: slug === "aswan.crafts",
    hasUsers: false,
    payments,
    deliveryShare: 0.2,
    joinedMonthsAgo: joined,
    methods: [card(currency, 1, { live: isLive })],
    catalog: [
      { name: "Small basket", price: country === "EGY" ? 180 : 45 },
      { name: "Family pack", price: country === "EGY" ? 560 : 140 },
      { name: "Gift box", price: country === "EGY" ? 1200 : 310 },
    ],
  };
}

export const BANKS = [
  {
    key: "egypt" as const,
    name: "Banque du Nil",
    nameAr: "بنك النيل",
    country: "EGY" as Country,
    portalConfig: { qr_code: true, add_merchant: true },
    staffPortalConfig: { qr_code: true, add_merchant: false },
  },
  {
    key: "uae" as const,
    name: "Emirates Gulf Bank",
    nameAr: "بنك الخليج الإماراتي",
    country: "ARE" as Country,
    portalConfig: { qr_code: false, add_merchant: true },
    staffPortalConfig: { qr_code: false, add_merchant: false },
  },
];

export const PARTNER = {
  name: "Sahara Pay",
  code: "sahara",
  domain: "sahara.localhost",
  timeZone: "Asia/Riyadh",
  // Served by the web app (apps/web/public/demo), whose base is /portal2/.
  logoUrl: "/portal2/demo/partner-logo.svg",
  logoSmallUrl: "/portal2/demo/partner-logo-small.svg",
  css: {
    header_background: "#0B3D2E",
    welcome_color: "#F4C430",
    merchant_color: "#FFFFFF",
    title_background: "#145A44",
    title_color: "#FDF6E3",
    menu_color: "#D9E8E1",
    menu_hover_color: "#F4C430",
    menu_active_color: "#FFD966",
    footer_color: "#C7D6CF",
    footer_background: "#072A20",
  } satisfies PartnerCss,
};

/**
 * Staff 1 runs operations; staff 2 only looks (finance); the admin manages the team and the developer keys; the
 * invited one (Egypt) has not activated the account yet. Owners hold MERCHANT_PERMISSIONS.
 */
export const STAFF_PERMISSIONS: Record<"staff1" | "staff2" | "admin" | "invited", PermissionName[]> = {
  admin: [
    "can view staff",
    "can create staff",
    "can update staff",
    "can delete staff",
    "can view api key",
    "can view public secret keys",
    "can view orders",
    "can view transactions",
  ],
  invited: ["can view products", "can create products", "can update products"],
  staff1: [
    "can view orders",
    "can create orders",
    "can update orders",
    "can view transactions",
    "can capture transactions",
    "can void transactions",
    "can refund transactions",
    "can view customers",
    "can view quick links",
    "can create quick links",
    "can view products",
  ],
  staff2: [
    "can view transactions",
    "can view orders",
    "can view transfers",
    "can view reports",
    "can view customers",
    "can view notifications",
  ],
};

export const BANK_STAFF_PERMISSIONS: PermissionName[] = [
  "can view merchants",
  "can view transactions",
  "can view orders",
  "can view reports",
];

/** Fees: percent of the amount plus a fixed part in minor units, and VAT on the fees, per country. */
export const FEES: Record<Country, { percent: number; fixedMinor: number; vatPercent: number }> = {
  EGY: { percent: 2.75, fixedMinor: 300, vatPercent: 14 },
  ARE: { percent: 2.6, fixedMinor: 100, vatPercent: 5 },
  SAU: { percent: 2.4, fixedMinor: 100, vatPercent: 15 },
  PAK: { percent: 2.5, fixedMinor: 1000, vatPercent: 16 },
  OMN: { percent: 2.5, fixedMinor: 100, vatPercent: 5 },
};

/** Rough exchange rates to price USD payments from local catalogues (local units per USD). */
export const USD_RATE: Record<string, number> = { EGP: 48.5, AED: 3.6725, SAR: 3.75, PKR: 280, OMR: 0.385 };

/** Hours added to UTC for the merchants' daily rhythm (standard time; daylight saving is ignored). */
export const UTC_OFFSET_HOURS: Record<Country, number> = { EGY: 2, ARE: 4, SAU: 3, PAK: 5, OMN: 4 };
