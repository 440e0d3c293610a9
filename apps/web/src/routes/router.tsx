import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import type { ComponentType } from "react";
import { setRequestLanguage } from "../api/client.ts";
import { getAppConfig } from "../app/config.ts";
import { setNavigator } from "../app/navigation.ts";
import { rememberDeepLink } from "../auth/deepLink.ts";
import { getSession, isSignedIn, type Session } from "../auth/session.ts";
import { sessionStillValid } from "../auth/signIn.ts";
import { endExpiredSession } from "../auth/signOut.ts";
import { textsNeededFor } from "../i18n/catalogueParts.ts";
import { setLanguage } from "../i18n/i18n.ts";
import { BASE_PATH, LANG_COOKIE, LANG_COOKIE_DAYS, pathWithLang, resolveLanguage } from "../i18n/language.ts";
import { getCookie, setCookie } from "../lib/cookies.ts";
import { type BrandedPage, brandOfPage, homeFallsBackToLogin } from "../lib/hostBrand.ts";
import { parseLinkSearch } from "../lib/linkSearch.ts";
import { parseAdminSearch, parseMerchantSearch } from "../lib/merchantSearch.ts";
import { type PeriodSearch, parsePeriodSearch } from "../lib/periodSearch.ts";
import { parseRegisterSearch, parseSignupSearch } from "../lib/registerSearch.ts";
import { parseRequestToPaySearch } from "../lib/requestToPaySearch.ts";
import { parseRiskSearch } from "../lib/riskSearch.ts";
import {
  INVOICE_FILTERS,
  ORDER_FILTERS,
  parsePagingSearch,
  parseTableSearch,
  type TableSearch,
  TRANSACTION_FILTERS,
} from "../lib/tableSearch.ts";
import { parseWalletOnboardingSearch } from "../lib/walletOnboardingSearch.ts";
import { landingFor, type ScreenKey } from "../navigation/screens.ts";
import { type ScreenTo, screenTo } from "../navigation/screenTo.ts";
import { NotFoundRedirect } from "./NotFoundRedirect.tsx";
import { RootLayout } from "./RootLayout.tsx";

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The dashboard screen a route shows (navigation/screens.ts): its title and permission. */
    screen?: ScreenKey;
  }
}

function landingOf(session: Session): ScreenTo {
  return screenTo(landingFor({ profileType: session.type, permNames: session.permNames }));
}

const rootRoute = createRootRouteWithContext<Record<string, never>>()({
  component: RootLayout,
  notFoundComponent: NotFoundRedirect,
});

/**
 * The {lang} segment (spec sections 1 and 2): en or ar wins and is remembered in the lang cookie; any other value
 * is reset to en with a page reload; without one the remembered language is put in the URL.
 */
const langRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "{-$lang}",
  beforeLoad: async ({ params, location }) => {
    const decision = resolveLanguage(params.lang, getCookie(LANG_COOKIE));
    if (decision.action === "reload") {
      window.location.replace(
        pathWithLang(BASE_PATH + location.pathname, decision.lang, true) + location.searchStr,
      );
      await new Promise(() => undefined);
    }
    if (decision.action === "add") {
      throw redirect({
        href:
          pathWithLang(BASE_PATH + location.pathname, decision.lang, false).slice(BASE_PATH.length) +
          location.searchStr,
        replace: true,
      });
    }
    setCookie(LANG_COOKIE, decision.lang, LANG_COOKIE_DAYS);
    setRequestLanguage(decision.lang);
    await setLanguage(decision.lang, textsNeededFor(location.pathname));
    return { lang: decision.lang };
  },
  component: Outlet,
});

/** /{lang}: the catch-all home, login when signed out, else the role landing. */
const indexRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "/",
  beforeLoad: ({ context }) => {
    const session = getSession();
    // The wallet-provider host's home falls back to login (which still sends a signed-in user on).
    if (!isSignedIn(session) || homeFallsBackToLogin(getAppConfig().brand))
      throw redirect({ to: "/{-$lang}/login", params: { lang: context.lang }, replace: true });
    if (session.temp)
      throw redirect({ to: "/{-$lang}/changepassword", params: { lang: context.lang }, replace: true });
    throw redirect({ to: landingOf(session), params: { lang: context.lang }, replace: true });
  },
});

/**
 * A signed-out page that a host brand shows in its own frame (lib/hostBrand.ts, screens/hosts/); on the
 * provider's own hosts the page loads alone, so the sign-in page downloads nothing more than the budget counts.
 */
function hostPage(page: BrandedPage, load: () => Promise<{ default: ComponentType }>) {
  return lazyRouteComponent(async () => {
    const brand = brandOfPage(getAppConfig().brand, page);
    if (!brand) return load();
    const [loaded, frame] = await Promise.all([load(), import("../screens/hosts/HostBrandFrame.tsx")]);
    return { default: frame.withHostBrand(brand, loaded.default) };
  });
}

const loginRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "login",
  beforeLoad: ({ context }) => {
    const session = getSession();
    if (!isSignedIn(session)) return;
    if (session.temp)
      throw redirect({ to: "/{-$lang}/changepassword", params: { lang: context.lang }, replace: true });
    throw redirect({ to: landingOf(session), params: { lang: context.lang }, replace: true });
  },
  component: hostPage("login", () => import("../auth/login/LoginPage.tsx")),
});

/** Register pages do not exist for Pakistan (spec section 2). */
const noRegisterInPakistan = ({ context }: { context: { lang: "en" | "ar" } }) => {
  if (getAppConfig().country === "PAK")
    throw redirect({ to: "/{-$lang}/login", params: { lang: context.lang }, replace: true });
};

const registerRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "register",
  beforeLoad: noRegisterInPakistan,
  component: hostPage("register", () => import("../screens/register/RegisterPage.tsx")),
});
const registerSuccessRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "register/success",
  beforeLoad: noRegisterInPakistan,
  // After registering (?email=...) and from the e-mailed confirmation link (?token=...): docs/onboarding.md.
  validateSearch: parseRegisterSearch,
  component: hostPage("registerSuccess", () => import("../screens/register/RegisterSuccessPage.tsx")),
});
const forgotRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "forgetpassword",
  component: hostPage("forgotPassword", () => import("../auth/ForgotPasswordPage.tsx")),
});
const resetRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "reset-password",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: lazyRouteComponent(() => import("../auth/ResetPasswordPage.tsx")),
});
const reactivateRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "reactivate",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: lazyRouteComponent(() => import("../auth/ReactivatePage.tsx")),
});
/** Open to any session, temporary or full; signed out it goes to login. */
const changePasswordRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "changepassword",
  beforeLoad: ({ context, location }) => {
    if (!isSignedIn(getSession())) {
      rememberDeepLink(BASE_PATH + location.href);
      throw redirect({ to: "/{-$lang}/login", params: { lang: context.lang }, replace: true });
    }
  },
  component: hostPage("changePassword", () => import("../auth/ChangePasswordPage.tsx")),
});
const mailboxRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "mailbox",
  component: lazyRouteComponent(() => import("../screens/MailboxPage.tsx")),
});
/** The local SMS viewer (invoices sent by SMS), behind the mailbox key like the mailbox. */
const smsBoxRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "sms",
  component: lazyRouteComponent(() => import("../screens/invoices/SmsBoxPage.tsx")),
});
/** A merchant's referrals: needs a session (signed out, login and back), docs/onboarding.md. */
const growthReferringRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "growth/referring",
  beforeLoad: ({ context, location }) => {
    if (!isSignedIn(getSession())) {
      rememberDeepLink(BASE_PATH + location.href);
      throw redirect({ to: "/{-$lang}/login", params: { lang: context.lang }, replace: true });
    }
  },
  component: lazyRouteComponent(() => import("../screens/growth/ReferringPage.tsx")),
});
/** Registration through a referral code (?code=...); none for Pakistan, like /register. */
const growthSignupRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "growth/signup",
  beforeLoad: noRegisterInPakistan,
  validateSearch: parseSignupSearch,
  component: lazyRouteComponent(() => import("../screens/growth/SignupPage.tsx")),
});
/** Service-credit packs (docs/onboarding.md): the token of the query string authorizes the purchase. */
const bulkDisbursementRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "bulk_disbursement",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: lazyRouteComponent(() => import("../service-credit/ServiceCreditPage.tsx")),
});
const activateStaffRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "activate_staff",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: lazyRouteComponent(() => import("../auth/ActivateStaffPage.tsx")),
});
/**
 * The dashboard switch (spec section 2, "Auto login"): main.tsx signs in with the other dashboard's token while
 * this path is shown, before the router starts, then replaces it. Opened on its own, it goes on to login (which
 * sends a signed-in user to their landing).
 */
const switchAutoLoginRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "switch-auto-login",
  beforeLoad: ({ context }) => {
    throw redirect({ to: "/{-$lang}/login", params: { lang: context.lang }, replace: true });
  },
});
/** The delivery page (spec section 2: "/delivery (top level)"); the server sends /delivery here. */
const deliveryRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "delivery",
  component: lazyRouteComponent(() => import("../screens/public/DeliveryPage.tsx")),
});
/** The result of onboarding with a wallet payment provider (docs/onboarding.md "Public and host pages"). */
const walletOnboardingRoute = createRoute({
  getParentRoute: () => langRoute,
  path: "wallet-onboarding/result",
  validateSearch: parseWalletOnboardingSearch,
  component: lazyRouteComponent(() => import("../screens/public/WalletOnboardingResultPage.tsx")),
});

/**
 * The signed-in dashboard: signed out, the path is remembered as the deep link and the user goes to login; a
 * temporary-password session goes to change password. The layout is chosen from the profile.
 */
const appRoute = createRoute({
  getParentRoute: () => langRoute,
  id: "app",
  beforeLoad: async ({ context, location }) => {
    const session = getSession();
    if (!isSignedIn(session)) {
      rememberDeepLink(BASE_PATH + location.href);
      throw redirect({ to: "/{-$lang}/login", params: { lang: context.lang }, replace: true });
    }
    if (!(await sessionStillValid())) {
      endExpiredSession(BASE_PATH + location.href);
      throw redirect({ to: "/{-$lang}/login", params: { lang: context.lang }, replace: true });
    }
    if (session.temp)
      throw redirect({ to: "/{-$lang}/changepassword", params: { lang: context.lang }, replace: true });
  },
  component: lazyRouteComponent(() => import("../layouts/DashboardLayout.tsx")),
});

/** Table state (filters, page, page_size, sort) in the URL: a plain function, no zod in the first screen. */
const transactionsSearch = (search: Record<string, unknown>): TableSearch =>
  parseTableSearch(search, TRANSACTION_FILTERS);
const ordersSearch = (search: Record<string, unknown>): TableSearch =>
  parseTableSearch(search, ORDER_FILTERS);

const transactionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "transactions",
  staticData: { screen: "transactions" },
  validateSearch: transactionsSearch,
  component: lazyRouteComponent(() => import("../screens/transactions/TransactionsPage.tsx")),
});
const transactionDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "transactions/$id",
  staticData: { screen: "transactions" },
  component: lazyRouteComponent(() => import("../screens/transactions/TransactionDetailsPage.tsx")),
});
const transactionReceiptRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "transactions/$id/receipt",
  staticData: { screen: "transactions" },
  component: lazyRouteComponent(() => import("../screens/transactions/ReceiptPage.tsx")),
});
const ordersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "orders",
  staticData: { screen: "orders" },
  validateSearch: ordersSearch,
  component: lazyRouteComponent(() => import("../screens/orders/OrdersPage.tsx")),
});
const orderDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "orders/$id",
  staticData: { screen: "orders" },
  component: lazyRouteComponent(() => import("../screens/orders/OrderDetailsPage.tsx")),
});
const transfersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "transfers",
  staticData: { screen: "transfers" },
  component: lazyRouteComponent(() => import("../screens/transfers/TransfersPage.tsx")),
});
const transferDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "transfers/$id",
  staticData: { screen: "transfers" },
  component: lazyRouteComponent(() => import("../screens/transfers/TransferDetailsPage.tsx")),
});
/** Terminal reports (docs/pos-risk.md): filters, sort and page in the URL; the bank's own path. */
const TERMINAL_REPORT_SEARCH = ["date_from", "date_to", "currency", "merchant_id"];
const terminalReportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "terminal-reports",
  staticData: { screen: "terminalReports" },
  validateSearch: (search: Record<string, unknown>): TableSearch =>
    parseTableSearch(search, TERMINAL_REPORT_SEARCH),
  component: lazyRouteComponent(() => import("../screens/terminal-reports/TerminalReportsPage.tsx")),
});
const bankTerminalReportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "bank-terminal-reports",
  staticData: { screen: "bankTerminalReports" },
  validateSearch: (search: Record<string, unknown>): TableSearch =>
    parseTableSearch(search, TERMINAL_REPORT_SEARCH),
  component: lazyRouteComponent(() => import("../screens/terminal-reports/TerminalReportsPage.tsx")),
});

/** The invoice form's prefill (a product's Create Invoice, docs/selling.md): short texts only, as text. */
const INVOICE_PREFILL = [
  "orderName",
  "orderDescription",
  "orderAmount",
  "currency",
  "deliveryNeeded",
  "merchantOrderId",
];
function invoicePrefill(search: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of INVOICE_PREFILL) {
    const v = search[key];
    if (
      (typeof v === "string" || typeof v === "number" || typeof v === "boolean") &&
      String(v).length <= 1000
    )
      out[key] = String(v);
  }
  return out;
}
const invoicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "invoices",
  staticData: { screen: "invoices" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseTableSearch(search, INVOICE_FILTERS),
  component: lazyRouteComponent(() => import("../screens/invoices/InvoicesPage.tsx")),
});
const newInvoiceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "invoices/new",
  staticData: { screen: "newInvoice" },
  validateSearch: invoicePrefill,
  component: lazyRouteComponent(() => import("../screens/invoices/NewInvoicePage.tsx")),
});
const invoiceDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "invoices/$id",
  staticData: { screen: "invoices" },
  component: lazyRouteComponent(() => import("../screens/invoices/InvoiceDetailsPage.tsx")),
});

/** The bank's back-office (docs/backoffice.md): merchants summary, merchant details, merchant admin page. */
const merchantsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "merchants",
  staticData: { screen: "merchants" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseMerchantSearch(search),
  component: lazyRouteComponent(() => import("../screens/merchants/MerchantsPage.tsx")),
});
/** The bank's lenders (docs/pos-risk.md "Lenders"): the list with the add and edit dialogs. */
const lendersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "lenders",
  staticData: { screen: "lenders" },
  component: lazyRouteComponent(() => import("../screens/lenders/LendersPage.tsx")),
});
const merchantDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "merchants/$id",
  staticData: { screen: "merchants" },
  component: lazyRouteComponent(() => import("../screens/merchants/MerchantDetailsPage.tsx")),
});
const merchantAdminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "merchant-admin",
  staticData: { screen: "merchantAdmin" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseAdminSearch(search),
  component: lazyRouteComponent(() => import("../screens/merchants/MerchantAdminPage.tsx")),
});

/** Products (docs/selling.md "Products"): the list with its page in the URL, and the Create Product page. */
const productsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "products",
  staticData: { screen: "products" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parsePagingSearch(search),
  component: lazyRouteComponent(() => import("../screens/products/ProductsPage.tsx")),
});
const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "users",
  staticData: { screen: "users" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseTableSearch(search, ["search"]),
  component: lazyRouteComponent(() => import("../screens/users/UsersPage.tsx")),
});
const newProductRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "products/new",
  staticData: { screen: "newProduct" },
  component: lazyRouteComponent(() => import("../screens/products/NewProductPage.tsx")),
});

/** Iframes (docs/settings.md "Iframes"): at most 10, so one list without paging. */
const iframesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "iframes",
  staticData: { screen: "iframes" },
  component: lazyRouteComponent(() => import("../screens/iframes/IframesPage.tsx")),
});

/** Developers (docs/payments.md "Test helpers"): the test clock, recent test callback deliveries, snippets. */
const developersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "developers",
  staticData: { screen: "developers" },
  component: lazyRouteComponent(() => import("../screens/developers/DevelopersPage.tsx")),
});

const paymentIntegrationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "payment-integrations",
  staticData: { screen: "paymentIntegrations" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parsePagingSearch(search),
  component: lazyRouteComponent(() => import("../screens/integrations/IntegrationsPage.tsx")),
});
/** Profile and settings (docs/settings.md "Profile and settings"). */
const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "profile",
  staticData: { screen: "profile" },
  component: lazyRouteComponent(() => import("../screens/profile/ProfilePage.tsx")),
});
const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "settings",
  staticData: { screen: "settings" },
  component: lazyRouteComponent(() => import("../screens/settings/SettingsPage.tsx")),
});
const apiKeysRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "api-keys",
  staticData: { screen: "apiKeys" },
  component: lazyRouteComponent(() => import("../screens/api-keys/ApiKeysPage.tsx")),
});
/** Checkout customization (docs/settings.md "Checkout customization"): the tab in the URL (?tab=payment). */
const checkoutCustomizationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "checkout-customization",
  staticData: { screen: "checkoutCustomization" },
  validateSearch: (search: Record<string, unknown>): { tab?: "payment" | "post-payment" } =>
    search.tab === "payment" || search.tab === "post-payment" ? { tab: search.tab } : {},
  component: lazyRouteComponent(
    () => import("../screens/checkout-customization/CheckoutCustomizationPage.tsx"),
  ),
});
const checkoutWalkthroughRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "checkout",
  staticData: { screen: "checkout" },
  component: lazyRouteComponent(() => import("../screens/checkout/CheckoutWalkthroughPage.tsx")),
});

/** Period, comparison, granularity, channel, custom dates and currency in the URL: a plain function, no zod. */
const periodSearch = (search: Record<string, unknown>): PeriodSearch => parsePeriodSearch(search);

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "home",
  staticData: { screen: "home" },
  validateSearch: periodSearch,
  component: lazyRouteComponent(() => import("../screens/home/HomeScreen.tsx")),
});
/** Bulk invoices: the history's paging and the previewed upload (?upload=ID) in the URL. */
const bulkInvoicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "bulk-invoices",
  staticData: { screen: "bulkInvoices" },
  validateSearch: (search: Record<string, unknown>): TableSearch & { upload?: number } => {
    const upload = Number(search.upload);
    return {
      ...parsePagingSearch(search),
      ...(Number.isSafeInteger(upload) && upload > 0 ? { upload } : {}),
    };
  },
  component: lazyRouteComponent(() => import("../screens/bulk-invoices/BulkInvoicesPage.tsx")),
});
const qrPaymentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "qr-payment",
  staticData: { screen: "qrPayment" },
  component: lazyRouteComponent(() => import("../screens/qr-payment/QrPaymentPage.tsx")),
});
const reportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "reports",
  staticData: { screen: "reports" },
  validateSearch: periodSearch,
  component: lazyRouteComponent(() => import("../screens/reports/ReportsScreen.tsx")),
});

/** Chargebacks (docs/transfers.md): the list with its status filter and page in the URL, and the details. */
const chargebacksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "chargebacks",
  staticData: { screen: "chargebacks" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseTableSearch(search, ["status"]),
  component: lazyRouteComponent(() => import("../screens/chargebacks/ChargebacksPage.tsx")),
});
const chargebackDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "chargebacks/$id",
  staticData: { screen: "chargebacks" },
  component: lazyRouteComponent(() => import("../screens/chargebacks/ChargebackDetailsPage.tsx")),
});
/** The Risk Center (docs/pos-risk.md "Risk"): the tab and pages in the URL. */
const riskCenterRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "risk-center",
  staticData: { screen: "riskCenter" },
  validateSearch: (search: Record<string, unknown>) => parseRiskSearch(search),
  component: lazyRouteComponent(() => import("../screens/risk-center/RiskCenterPage.tsx")),
});
/** Terminals and branches (docs/pos-risk.md): paging in the URL; a terminal's details. */
const terminalsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "terminals",
  staticData: { screen: "terminals" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseTableSearch(search, []),
  component: lazyRouteComponent(() => import("../screens/pos/TerminalsPage.tsx")),
});
const terminalDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "terminals/$id",
  staticData: { screen: "terminals" },
  component: lazyRouteComponent(() => import("../screens/pos/TerminalDetailsPage.tsx")),
});
const branchesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "branches",
  staticData: { screen: "branches" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseTableSearch(search, []),
  component: lazyRouteComponent(() => import("../screens/pos/BranchesPage.tsx")),
});
/** Customers (docs/settings.md "Customers"): the search and paging in the URL; details with transactions. */
const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "customers",
  staticData: { screen: "customers" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parseTableSearch(search, ["search"]),
  component: lazyRouteComponent(() => import("../screens/customers/CustomersPage.tsx")),
});
const customerDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "customers/$id",
  staticData: { screen: "customers" },
  component: lazyRouteComponent(() => import("../screens/customers/CustomerDetailsPage.tsx")),
});
/** Generated reports (docs/transfers.md "Reports"): generate, the summary table and downloads. */
/** Tutorials (docs/onboarding.md "Tutorials"): the six parts, the chosen one in the URL (?part=). */
const tutorialsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "tutorials",
  staticData: { screen: "tutorials" },
  validateSearch: (search: Record<string, unknown>): { part?: string } =>
    typeof search.part === "string" && search.part.length <= 40 ? { part: search.part } : {},
  component: lazyRouteComponent(() => import("../screens/tutorials/TutorialsPage.tsx")),
});
/** Monthly statements (docs/settings.md): the list, New badges, downloads and the subscription switch. */
const statementsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "statements",
  staticData: { screen: "statements" },
  component: lazyRouteComponent(() => import("../screens/statements/StatementsPage.tsx")),
});
const reportFilesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "report-files",
  staticData: { screen: "reportFiles" },
  validateSearch: (search: Record<string, unknown>): TableSearch => parsePagingSearch(search),
  component: lazyRouteComponent(() => import("../screens/report-files/ReportFilesPage.tsx")),
});

/** Payment links (quick links): the list with its filters, page and open link in the URL, and the create form. */
const paymentLinksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "payment-links",
  staticData: { screen: "paymentLinks" },
  validateSearch: parseLinkSearch,
  component: lazyRouteComponent(() => import("../screens/payment-links/PaymentLinksPage.tsx")),
});
const newPaymentLinkRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "payment-links/new",
  staticData: { screen: "newPaymentLink" },
  component: lazyRouteComponent(() => import("../screens/payment-links/NewPaymentLinkPage.tsx")),
});

/** Request to pay (docs/pos-risk.md "Request to pay"): the requests, the create and edit form, the details. */
const requestToPayRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "request-to-pay",
  staticData: { screen: "requestToPay" },
  validateSearch: parseRequestToPaySearch,
  component: lazyRouteComponent(() => import("../screens/request-to-pay/RequestToPayPage.tsx")),
});

/** 'Activate your account' (docs/onboarding.md "Account activation — web"): the five-step wizard. */
const activateAccountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "activate-account",
  staticData: { screen: "activateAccount" },
  component: lazyRouteComponent(() => import("../screens/activation/ActivationPage.tsx")),
});

const routeTree = rootRoute.addChildren([
  langRoute.addChildren([
    indexRoute,
    loginRoute,
    registerRoute,
    registerSuccessRoute,
    forgotRoute,
    resetRoute,
    reactivateRoute,
    changePasswordRoute,
    mailboxRoute,
    smsBoxRoute,
    growthReferringRoute,
    growthSignupRoute,
    bulkDisbursementRoute,
    activateStaffRoute,
    switchAutoLoginRoute,
    deliveryRoute,
    walletOnboardingRoute,
    appRoute.addChildren([
      homeRoute,
      merchantsRoute,
      merchantDetailsRoute,
      merchantAdminRoute,
      transactionsRoute,
      transactionDetailsRoute,
      transactionReceiptRoute,
      ordersRoute,
      orderDetailsRoute,
      invoicesRoute,
      newInvoiceRoute,
      invoiceDetailsRoute,
      paymentLinksRoute,
      requestToPayRoute,
      lendersRoute,
      newPaymentLinkRoute,
      productsRoute,
      newProductRoute,
      customersRoute,
      customerDetailsRoute,
      paymentIntegrationsRoute,
      apiKeysRoute,
      checkoutWalkthroughRoute,
      checkoutCustomizationRoute,
      iframesRoute,
      developersRoute,
      usersRoute,
      transfersRoute,
      transferDetailsRoute,
      chargebacksRoute,
      chargebackDetailsRoute,
      reportFilesRoute,
      reportsRoute,
      terminalsRoute,
      terminalDetailsRoute,
      branchesRoute,
      qrPaymentRoute,
      riskCenterRoute,
      statementsRoute,
      tutorialsRoute,
      settingsRoute,
      profileRoute,
      terminalReportsRoute,
      bankTerminalReportsRoute,
      bulkInvoicesRoute,
      activateAccountRoute,
    ]),
  ]),
]);

export const router = createRouter({
  routeTree,
  basepath: BASE_PATH,
  context: {},
  defaultPreload: "intent",
  notFoundMode: "root",
  scrollRestoration: true,
});

setNavigator((target, replace) => {
  router.history[replace ? "replace" : "push"](target);
});
