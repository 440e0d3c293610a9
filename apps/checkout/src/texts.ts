/**
 * The checkout's own small catalogue: it stays out of the dashboard's bundle. Every visible text is here in
 * English and Arabic with the same keys (checked by the compiler through the Texts type and by texts.test.ts).
 * "{name}" marks a value filled in by fmt(); plural texts carry the Intl.PluralRules categories.
 */
const en = {
  title: "Secure checkout",
  switchTo: "العربية",
  loading: "Loading your payment…",
  testMode: "Test mode",
  testModeHint: "No real money moves. Pay with a test card such as {card}, expiry {expiry}, CVV 123.",
  payTo: "Pay {merchant}",
  amountDue: "Amount due",
  orderRef: "Order reference {ref}",
  secure: "Payments are encrypted and processed securely.",
  attemptsLeft: "Attempts left: {n}",

  chooseMethod: "Choose how to pay",
  methodCard: "Card",
  methodWallet: "Mobile wallet",
  methodKiosk: "Cash at a kiosk",
  methodValu: "valU",
  methodInstallments: "Bank instalments",
  continue: "Continue",
  changeMethod: "Change payment method",

  cardTitle: "Card details",
  cardHolder: "Name on card",
  cardNumber: "Card number",
  expiry: "Expiry date",
  expiryHint: "As printed on the card (MM/YY)",
  cvv: "Security code (CVV)",
  cvvHint: "3 or 4 digits on the back of the card",
  brandVisa: "Visa",
  brandMastercard: "Mastercard",
  pay: "Pay {amount}",
  processing: "Processing…",
  errHolder: "Enter the name as it appears on the card.",
  errPanRequired: "Enter the card number.",
  errPanInvalid: "This card number is not valid. Check the digits and try again.",
  errExpiryRequired: "Enter the expiry date.",
  errExpiryInvalid: "Enter the expiry date as MM/YY.",
  errExpiryPast: "This card has expired.",
  errCvv: "Enter the 3 or 4 digit security code.",
  errField: "Check this field and try again.",
  errFix: "Please correct the highlighted fields.",

  planTitle: "Choose your instalment plan",
  planValuTitle: "Choose your valU plan",
  months: {
    zero: "{n} months",
    one: "1 month",
    two: "2 months",
    few: "{n} months",
    many: "{n} months",
    other: "{n} months",
  },
  planMonthly: "{amount} a month",
  planFees: "Fees {amount}",
  planNoFees: "No fees",
  errPlan: "Choose a plan.",

  bankName: "Your bank",
  threeDsTitle: "Verify this payment",
  threeDsIntro:
    "Your bank sent a one-time password to the phone number registered for this card. Enter it to approve the payment.",
  threeDsMerchant: "Merchant",
  threeDsAmount: "Amount",
  threeDsCard: "Card",
  cardEnding: "ending in {last4}",
  otp: "One-time password",
  otpTestHint: "Test mode: the code is 123456.",
  errOtp: "Enter the one-time password.",
  verify: "Verify",
  cancelPayment: "Cancel payment",

  walletTitle: "Pay with a mobile wallet",
  walletPhone: "Wallet mobile number",
  walletPhoneHint: "The number registered with your wallet, for example 01010101010.",
  errPhone: "Enter a valid mobile number.",
  walletSend: "Continue to wallet",
  walletVerifyTitle: "Confirm with your wallet",
  walletIntro: "Enter your wallet PIN and the one-time password we sent by SMS.",
  walletNumber: "Wallet number",
  mpin: "Wallet PIN (MPIN)",
  errMpin: "Enter your wallet PIN.",
  walletTestHint: "Test mode: wallet 01010101010, MPIN 123456, OTP 123456.",
  confirmPayment: "Confirm payment",

  kioskTitle: "Pay in cash at a kiosk",
  kioskIntro: "Get a payment reference, then pay in cash at any participating kiosk or shop.",
  kioskGet: "Get payment reference",
  kioskRef: "Your payment reference",
  kioskStep1: "Go to a participating kiosk or shop.",
  kioskStep2: "Give the cashier the payment reference above.",
  kioskStep3: "Pay {amount} in cash and keep the receipt.",
  kioskHowTo: "How to pay",
  kioskExpires: "Pay before {date}.",
  kioskAfter: "{merchant} is told as soon as you pay. You can close this page.",
  copy: "Copy",
  copied: "Copied",

  successTitle: "Payment successful",
  successBody: "{merchant} has received your payment of {amount}.",
  declinedTitle: "Payment declined",
  declinedBody: "Your payment was not completed.",
  reason: "Reason: {reason}",
  reasonFunds: "Insufficient funds",
  reasonThreeDs: "3-D Secure authentication failed",
  reasonTimeout: "Transaction timed out",
  reasonDoNotHonour: "Do not honour",
  reasonExpired: "Expired card",
  reasonLostStolen: "Lost or stolen card",
  reasonCvv: "CVV mismatch",
  reasonThreeDsAbandoned: "3-D Secure authentication abandoned",
  reasonRisk: "The merchant's risk rules declined this payment.",
  pendingTitle: "Payment pending",
  pendingBody: "Your payment is being processed. {merchant} will confirm it once it is complete.",
  transactionRef: "Transaction ID {id}",
  tryAgain: "Try again",
  redirecting: "Taking you back to {merchant} in {s} s…",
  continueNow: "Continue now",
  stayHere: "Stay on this page",
  returnToMerchant: "Return to {merchant}",
  theMerchant: "the merchant",

  invalidTitle: "Payment link not valid",
  invalidBody:
    "This payment link is not valid. Check the link you received or ask the merchant for a new one.",
  expiredTitle: "Payment link expired",
  expiredBody: "This payment link has expired. Ask the merchant for a new one.",
  paidTitle: "Already paid",
  paidBody: "This payment has already been completed. There is nothing more to do.",
  noAttemptsTitle: "No attempts left",
  noAttemptsBody: "All 3 attempts for this payment have been used. Ask the merchant for a new payment link.",
  networkTitle: "Connection problem",
  networkBody: "We could not reach the payment server. Check your internet connection and try again.",
  serverBody: "Something went wrong on our side. Please try again in a moment.",
  rateLimited: "Too many tries in a short time. Please wait a minute and try again.",
  inProgress: "Another payment for this order is being processed. Please wait a moment and try again.",
  retry: "Retry",
  unsupported: "This payment method is not available on this page.",
  missingToken: "This page needs a payment link. Open the link you received from the merchant.",
};

export type Texts = typeof en;
export type PluralForms = Texts["months"];

const ar: Texts = {
  title: "الدفع الآمن",
  switchTo: "English",
  loading: "جارٍ تحميل عملية الدفع…",
  testMode: "وضع الاختبار",
  testModeHint: "لا تُنقل أموال حقيقية. ادفع ببطاقة اختبار مثل {card}، تاريخ الانتهاء {expiry}، الرمز 123.",
  payTo: "الدفع إلى {merchant}",
  amountDue: "المبلغ المستحق",
  orderRef: "مرجع الطلب {ref}",
  secure: "المدفوعات مشفرة وتتم معالجتها بأمان.",
  attemptsLeft: "المحاولات المتبقية: {n}",

  chooseMethod: "اختر طريقة الدفع",
  methodCard: "بطاقة",
  methodWallet: "محفظة الهاتف المحمول",
  methodKiosk: "نقدًا في أحد منافذ الدفع",
  methodValu: "فاليو",
  methodInstallments: "تقسيط بنكي",
  continue: "متابعة",
  changeMethod: "تغيير طريقة الدفع",

  cardTitle: "بيانات البطاقة",
  cardHolder: "الاسم على البطاقة",
  cardNumber: "رقم البطاقة",
  expiry: "تاريخ الانتهاء",
  expiryHint: "كما هو مطبوع على البطاقة (MM/YY)",
  cvv: "رمز الأمان (CVV)",
  cvvHint: "3 أو 4 أرقام على ظهر البطاقة",
  brandVisa: "فيزا",
  brandMastercard: "ماستركارد",
  pay: "ادفع {amount}",
  processing: "جارٍ المعالجة…",
  errHolder: "أدخل الاسم كما هو مكتوب على البطاقة.",
  errPanRequired: "أدخل رقم البطاقة.",
  errPanInvalid: "رقم البطاقة غير صحيح. تحقق من الأرقام وحاول مرة أخرى.",
  errExpiryRequired: "أدخل تاريخ الانتهاء.",
  errExpiryInvalid: "أدخل تاريخ الانتهاء بالصيغة MM/YY.",
  errExpiryPast: "انتهت صلاحية هذه البطاقة.",
  errCvv: "أدخل رمز الأمان المكون من 3 أو 4 أرقام.",
  errField: "تحقق من هذا الحقل وحاول مرة أخرى.",
  errFix: "يرجى تصحيح الحقول المشار إليها.",

  planTitle: "اختر خطة التقسيط",
  planValuTitle: "اختر خطة فاليو",
  months: {
    zero: "{n} شهر",
    one: "شهر واحد",
    two: "شهران",
    few: "{n} أشهر",
    many: "{n} شهرًا",
    other: "{n} شهر",
  },
  planMonthly: "{amount} شهريًا",
  planFees: "رسوم {amount}",
  planNoFees: "بدون رسوم",
  errPlan: "اختر خطة.",

  bankName: "البنك الذي تتعامل معه",
  threeDsTitle: "تأكيد عملية الدفع",
  threeDsIntro:
    "أرسل البنك كلمة مرور لمرة واحدة إلى رقم الهاتف المسجل لهذه البطاقة. أدخلها للموافقة على الدفع.",
  threeDsMerchant: "التاجر",
  threeDsAmount: "المبلغ",
  threeDsCard: "البطاقة",
  cardEnding: "تنتهي بـ {last4}",
  otp: "كلمة المرور لمرة واحدة",
  otpTestHint: "وضع الاختبار: الرمز هو 123456.",
  errOtp: "أدخل كلمة المرور لمرة واحدة.",
  verify: "تأكيد",
  cancelPayment: "إلغاء الدفع",

  walletTitle: "الدفع بمحفظة الهاتف المحمول",
  walletPhone: "رقم هاتف المحفظة",
  walletPhoneHint: "الرقم المسجل في محفظتك، مثل 01010101010.",
  errPhone: "أدخل رقم هاتف صحيحًا.",
  walletSend: "المتابعة إلى المحفظة",
  walletVerifyTitle: "التأكيد من خلال محفظتك",
  walletIntro: "أدخل الرقم السري للمحفظة وكلمة المرور لمرة واحدة التي أرسلناها في رسالة نصية.",
  walletNumber: "رقم المحفظة",
  mpin: "الرقم السري للمحفظة (MPIN)",
  errMpin: "أدخل الرقم السري للمحفظة.",
  walletTestHint: "وضع الاختبار: المحفظة 01010101010، الرقم السري 123456، الرمز 123456.",
  confirmPayment: "تأكيد الدفع",

  kioskTitle: "الدفع نقدًا في أحد منافذ الدفع",
  kioskIntro: "احصل على رقم مرجعي للدفع، ثم ادفع نقدًا في أي منفذ أو متجر مشارك.",
  kioskGet: "الحصول على الرقم المرجعي",
  kioskRef: "الرقم المرجعي للدفع",
  kioskStep1: "توجه إلى أحد منافذ الدفع أو المتاجر المشاركة.",
  kioskStep2: "أعطِ الكاشير الرقم المرجعي الموضح أعلاه.",
  kioskStep3: "ادفع {amount} نقدًا واحتفظ بالإيصال.",
  kioskHowTo: "طريقة الدفع",
  kioskExpires: "ادفع قبل {date}.",
  kioskAfter: "سيتم إبلاغ {merchant} فور الدفع. يمكنك إغلاق هذه الصفحة.",
  copy: "نسخ",
  copied: "تم النسخ",

  successTitle: "تم الدفع بنجاح",
  successBody: "استلم {merchant} دفعتك بمبلغ {amount}",
  declinedTitle: "تم رفض الدفع",
  declinedBody: "لم تكتمل عملية الدفع.",
  reason: "السبب: {reason}",
  reasonFunds: "الرصيد غير كافٍ",
  reasonThreeDs: "فشل التحقق عبر 3-D Secure",
  reasonTimeout: "انتهت مهلة العملية",
  reasonDoNotHonour: "رفضها البنك المُصدر",
  reasonExpired: "البطاقة منتهية الصلاحية",
  reasonLostStolen: "البطاقة مفقودة أو مسروقة",
  reasonCvv: "رمز CVV غير مطابق",
  reasonThreeDsAbandoned: "لم يكتمل التحقق عبر 3-D Secure",
  reasonRisk: "رُفضت هذه العملية وفق قواعد المخاطر لدى التاجر.",
  pendingTitle: "الدفع قيد المعالجة",
  pendingBody: "تتم معالجة دفعتك الآن. سيؤكدها {merchant} عند اكتمالها.",
  transactionRef: "رقم العملية {id}",
  tryAgain: "حاول مرة أخرى",
  redirecting: "ستعود إلى {merchant} خلال {s} ث…",
  continueNow: "المتابعة الآن",
  stayHere: "البقاء في هذه الصفحة",
  returnToMerchant: "العودة إلى {merchant}",
  theMerchant: "التاجر",

  invalidTitle: "رابط الدفع غير صالح",
  invalidBody: "رابط الدفع هذا غير صالح. تحقق من الرابط الذي وصلك أو اطلب رابطًا جديدًا من التاجر.",
  expiredTitle: "انتهت صلاحية رابط الدفع",
  expiredBody: "انتهت صلاحية رابط الدفع هذا. اطلب رابطًا جديدًا من التاجر.",
  paidTitle: "تم الدفع مسبقًا",
  paidBody: "اكتملت عملية الدفع هذه من قبل. لا حاجة لأي إجراء آخر.",
  noAttemptsTitle: "لا توجد محاولات متبقية",
  noAttemptsBody: "استُنفدت المحاولات الثلاث لهذه الدفعة. اطلب رابط دفع جديدًا من التاجر.",
  networkTitle: "مشكلة في الاتصال",
  networkBody: "تعذر الوصول إلى خادم الدفع. تحقق من اتصالك بالإنترنت وحاول مرة أخرى.",
  serverBody: "حدث خطأ من جانبنا. يرجى المحاولة مرة أخرى بعد قليل.",
  rateLimited: "محاولات كثيرة خلال وقت قصير. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  inProgress: "هناك عملية دفع أخرى لهذا الطلب قيد المعالجة. يرجى الانتظار قليلاً ثم المحاولة مرة أخرى.",
  retry: "إعادة المحاولة",
  unsupported: "طريقة الدفع هذه غير متاحة في هذه الصفحة.",
  missingToken: "تحتاج هذه الصفحة إلى رابط دفع. افتح الرابط الذي وصلك من التاجر.",
};

export const TEXTS = { en, ar } satisfies Record<string, Texts>;

export type Lang = keyof typeof TEXTS;

/** ?lang=ar or ?lang=en wins; otherwise the browser's first language decides (Arabic when it starts with "ar"). */
export function langFrom(search: string, browserLanguages: readonly string[] = []): Lang {
  const asked = new URLSearchParams(search).get("lang");
  if (asked === "ar" || asked === "en") return asked;
  return browserLanguages[0]?.toLowerCase().startsWith("ar") ? "ar" : "en";
}

/** Fills "{name}" placeholders: fmt("Pay {amount}", {amount: "EGP 10.00"}). */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The plural form of `forms` for n in the language (Arabic has six), with {n} filled in. */
export function plural(lang: Lang, forms: PluralForms, n: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return fmt(forms[rules.select(n)], { n });
}
