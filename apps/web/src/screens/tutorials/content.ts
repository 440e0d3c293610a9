import type { ScreenKey } from "../../navigation/screens.ts";

/**
 * The tutorials' content (merchant-dashboard.md: "Tutorials list in 6 parts: introduction, transactions, orders,
 * standalone checkout, invoices, settings"; the content is not shown, so it is ours: docs/onboarding.md
 * "Tutorials"). Long prose lives here, beside the screen that alone shows it, rather than in the shared
 * catalogues every screen loads; both languages are written side by side and tutorials.test.ts checks that each
 * part has the same number of steps and tips in each.
 */
export interface TutorialText {
  title: string;
  summary: string;
  steps: string[];
  tips: string[];
}

export interface Tutorial {
  id: TutorialId;
  /** The screen the part is about, opened by its button when the user may see it. */
  screen: ScreenKey;
  en: TutorialText;
  ar: TutorialText;
}

export const TUTORIAL_IDS = [
  "introduction",
  "transactions",
  "orders",
  "standalone-checkout",
  "invoices",
  "settings",
] as const;
export type TutorialId = (typeof TUTORIAL_IDS)[number];

export const TUTORIALS: readonly Tutorial[] = [
  {
    id: "introduction",
    screen: "home",
    en: {
      title: "Introduction",
      summary:
        "The dashboard is where you accept payments, follow them and run your account. This first part shows where everything is.",
      steps: [
        "The side menu lists the screens your role allows: Home, Transactions and Orders, the selling tools (invoices, payment links, products), customers, the developers' screens (payment integrations, API keys, checkout, iframes), and your team and settings.",
        "The Live / Test switch at the top chooses which data you see. Test mode uses sandbox cards and never moves real money: what you try there stays there.",
        "Home shows your volume, your transactions and your latest orders for the period you choose, compared with an earlier period.",
        "Activate Account, in the header, opens the activation form: send your business details and documents, and the bank reviews them before live payments start.",
        "The EN / AR switch changes the language of the whole dashboard; Arabic reads from right to left.",
      ],
      tips: [
        "Your merchant ID is shown in the header: quote it when you contact support.",
        "Each list keeps its filters in the page address, so a bookmark brings the same view back.",
      ],
    },
    ar: {
      title: "مقدمة",
      summary:
        "لوحة التحكم هي المكان الذي تقبل فيه المدفوعات وتتابعها وتدير حسابك. يوضح لك هذا الجزء الأول مكان كل شيء.",
      steps: [
        "تعرض القائمة الجانبية الشاشات التي يسمح بها دورك: الرئيسية والمعاملات والطلبات، وأدوات البيع (الفواتير وروابط الدفع والمنتجات)، والعملاء، وشاشات المطورين (تكاملات الدفع ومفاتيح API وصفحة الدفع والإطارات)، وفريقك وإعداداتك.",
        "يحدد مفتاح التبديل بين الوضع الحي ووضع الاختبار في الأعلى البيانات التي تراها. يستخدم وضع الاختبار بطاقات تجريبية ولا ينقل أموالاً حقيقية أبداً: ما تجربه هناك يبقى هناك.",
        "تعرض الصفحة الرئيسية حجم مبيعاتك ومعاملاتك وأحدث طلباتك للفترة التي تختارها، مقارنةً بفترة سابقة.",
        "يفتح زر تفعيل الحساب في الشريط العلوي نموذج التفعيل: أرسل بيانات نشاطك ومستنداتك، ويراجعها البنك قبل بدء المدفوعات الحية.",
        "يغيّر مفتاح EN / AR لغة لوحة التحكم بالكامل؛ وتُقرأ العربية من اليمين إلى اليسار.",
      ],
      tips: [
        "يظهر رقم التاجر الخاص بك في الشريط العلوي: اذكره عند التواصل مع الدعم.",
        "تحتفظ كل قائمة بعوامل التصفية في عنوان الصفحة، فتعيد لك الإشارة المرجعية العرض نفسه.",
      ],
    },
  },
  {
    id: "transactions",
    screen: "transactions",
    en: {
      title: "Transactions",
      summary:
        "Every payment attempt, refund, void and capture is a transaction. Find one, see what happened, and act on it.",
      steps: [
        "Open Transactions. The newest come first; the filters (date range, status, payment method, amount, order or transaction ID) narrow the list.",
        "Select a transaction to open its details: the amount, the status, the card or wallet used (never the full card number), the customer's billing data, the order, and the callbacks sent to your server.",
        "Refund returns all or part of a successful payment; you cannot refund more than the amount less what was already refunded.",
        "Void cancels a card payment on the day it was made, before it is settled. Capture collects a payment that was only authorised.",
        "Export writes the filtered list to a CSV or Excel file; large exports are prepared in the background and wait for you in the export history.",
      ],
      tips: [
        "Test transactions appear only in test mode: switch modes at the top if you cannot find a payment.",
        "The receipt of a successful payment can be downloaded from its details, in English or Arabic.",
      ],
    },
    ar: {
      title: "المعاملات",
      summary:
        "كل محاولة دفع واسترداد وإلغاء وتحصيل هي معاملة. ابحث عن أي منها، واعرف ما حدث، واتخذ الإجراء المناسب.",
      steps: [
        "افتح المعاملات. تظهر الأحدث أولاً؛ وتضيّق عوامل التصفية (نطاق التاريخ والحالة وطريقة الدفع والمبلغ ورقم الطلب أو المعاملة) القائمة.",
        "اختر معاملة لفتح تفاصيلها: المبلغ والحالة والبطاقة أو المحفظة المستخدمة (دون رقم البطاقة الكامل أبداً) وبيانات فوترة العميل والطلب والإشعارات المرسلة إلى خادمك.",
        "يعيد الاسترداد كامل الدفعة الناجحة أو جزءاً منها؛ ولا يمكنك استرداد أكثر من المبلغ مطروحاً منه ما سبق استرداده.",
        "يلغي الإبطال دفعة البطاقة في يوم إجرائها قبل تسويتها. ويحصّل التحصيل دفعة تم تفويضها فقط.",
        "يكتب التصدير القائمة المصفّاة في ملف CSV أو Excel؛ وتُجهَّز عمليات التصدير الكبيرة في الخلفية وتنتظرك في سجل التصدير.",
      ],
      tips: [
        "لا تظهر المعاملات التجريبية إلا في وضع الاختبار: بدّل الوضع في الأعلى إن لم تجد دفعة ما.",
        "يمكن تنزيل إيصال الدفعة الناجحة من تفاصيلها، بالعربية أو بالإنجليزية.",
      ],
    },
  },
  {
    id: "orders",
    screen: "orders",
    en: {
      title: "Orders",
      summary:
        "An order is what the customer pays for: its amount, its items, its shipping and the payments made for it.",
      steps: [
        "Open Orders to see every order with its amount, its status (paid, unpaid or canceled), its source and whether it needs delivery.",
        "The header totals your orders by payment method for the chosen date range.",
        "Select an order to see its items, its shipping details and its transactions; an unpaid order made through the API shows its payment link.",
        "Orders come from your integration (the API), from invoices, from payment links and from products, and each one says where it came from.",
      ],
      tips: [
        "Give your own merchant order ID when you create orders through the API: you can search by it later.",
      ],
    },
    ar: {
      title: "الطلبات",
      summary: "الطلب هو ما يدفع العميل ثمنه: مبلغه وعناصره وشحنه والمدفوعات التي تمت له.",
      steps: [
        "افتح الطلبات لترى كل طلب بمبلغه وحالته (مدفوع أو غير مدفوع أو ملغى) ومصدره وما إذا كان يحتاج إلى توصيل.",
        "يجمع الشريط العلوي طلباتك حسب طريقة الدفع للفترة المختارة.",
        "اختر طلباً لترى عناصره وتفاصيل شحنه ومعاملاته؛ ويعرض الطلب غير المدفوع الذي أُنشئ عبر API رابط الدفع الخاص به.",
        "تأتي الطلبات من تكاملك (API) ومن الفواتير وروابط الدفع والمنتجات، ويذكر كل طلب مصدره.",
      ],
      tips: ["أعطِ رقم طلب التاجر الخاص بك عند إنشاء الطلبات عبر API: يمكنك البحث به لاحقاً."],
    },
  },
  {
    id: "standalone-checkout",
    screen: "checkout",
    en: {
      title: "Standalone checkout",
      summary:
        "Take payments on your own website with the hosted checkout: your server creates a payment intention and the customer pays on our page.",
      steps: [
        "In Payment Integrations, check that you have a test integration for each method you want to offer (card, wallet, kiosk and others).",
        "In API Keys, copy your public key, your secret key and the HMAC secret that signs callbacks. Keep the secret key and the HMAC secret on your server only.",
        "From your server, create an intention (POST /v1/intention/) with the amount in cents, the currency, the payment methods and the billing data; the answer carries a client secret.",
        "Send the customer to the unified checkout with your public key and the client secret; they pay there, in English or Arabic.",
        "Your server receives the transaction callback, signed with HMAC-SHA512: check the signature before you trust it, then fulfil the order.",
        "When your test payments work, activate your account and move your code to the live keys.",
      ],
      tips: [
        "The Checkout screen walks you through these steps with a test payment of your own.",
        "Checkout customization sets the page's colours, logo, the order of the payment methods and the message after payment.",
      ],
    },
    ar: {
      title: "صفحة الدفع المستقلة",
      summary:
        "اقبل المدفوعات على موقعك الإلكتروني باستخدام صفحة الدفع المستضافة: ينشئ خادمك نية دفع، ويدفع العميل على صفحتنا.",
      steps: [
        "تحقق في تكاملات الدفع من أن لديك تكاملاً تجريبياً لكل طريقة تريد تقديمها (البطاقة والمحفظة والكشك وغيرها).",
        "انسخ من مفاتيح API المفتاح العام والمفتاح السري وسر HMAC الذي يوقّع الإشعارات. احتفظ بالمفتاح السري وسر HMAC على خادمك فقط.",
        "أنشئ من خادمك نية دفع (POST /v1/intention/) بالمبلغ بالقروش والعملة وطرق الدفع وبيانات الفوترة؛ ويحمل الرد سراً للعميل (client secret).",
        "أرسل العميل إلى صفحة الدفع الموحدة بمفتاحك العام وسر العميل؛ ويدفع هناك بالعربية أو بالإنجليزية.",
        "يستقبل خادمك إشعار المعاملة موقّعاً بـ HMAC-SHA512: تحقق من التوقيع قبل أن تثق به، ثم نفّذ الطلب.",
        "عندما تنجح مدفوعاتك التجريبية، فعّل حسابك وانقل شيفرتك إلى المفاتيح الحية.",
      ],
      tips: [
        "ترشدك شاشة صفحة الدفع خلال هذه الخطوات بدفعة تجريبية خاصة بك.",
        "يضبط تخصيص صفحة الدفع ألوان الصفحة وشعارها وترتيب طرق الدفع والرسالة بعد الدفع.",
      ],
    },
  },
  {
    id: "invoices",
    screen: "invoices",
    en: {
      title: "Invoices",
      summary: "Send a customer an invoice they can pay online, by e-mail or by SMS.",
      steps: [
        "Open Invoices and create one: the customer's full name, phone and e-mail, the order name, the amount and currency, the payment method, and whether delivery is needed.",
        "Set an expiry date if you need one; without it, the invoice's link expires after one hour.",
        "Save and send: the customer receives a link by e-mail or SMS and pays on the hosted page.",
        "The list shows each invoice's status, and a paid invoice leads to its transaction. An unpaid invoice can be sent again or canceled.",
        "For many invoices at once, upload a spreadsheet in Bulk Invoices: every row is checked before anything is created.",
      ],
      tips: ["The merchant order ID must be unique: use your own invoice number so you can find it later."],
    },
    ar: {
      title: "الفواتير",
      summary: "أرسل إلى عميلك فاتورة يمكنه دفعها عبر الإنترنت، بالبريد الإلكتروني أو برسالة نصية.",
      steps: [
        "افتح الفواتير وأنشئ فاتورة: الاسم الكامل للعميل وهاتفه وبريده الإلكتروني، واسم الطلب، والمبلغ والعملة، وطريقة الدفع، وما إذا كان التوصيل مطلوباً.",
        "حدد تاريخ انتهاء إن احتجت إليه؛ وبدونه ينتهي رابط الفاتورة بعد ساعة واحدة.",
        "احفظ وأرسل: يتلقى العميل رابطاً بالبريد الإلكتروني أو برسالة نصية ويدفع على الصفحة المستضافة.",
        "تعرض القائمة حالة كل فاتورة، وتقود الفاتورة المدفوعة إلى معاملتها. ويمكن إرسال الفاتورة غير المدفوعة مرة أخرى أو إلغاؤها.",
        "لإنشاء فواتير كثيرة دفعة واحدة، ارفع جدول بيانات في الفواتير المجمعة: يُفحص كل صف قبل إنشاء أي شيء.",
      ],
      tips: ["يجب أن يكون رقم طلب التاجر فريداً: استخدم رقم فاتورتك الخاص لتجدها لاحقاً."],
    },
  },
  {
    id: "settings",
    screen: "settings",
    en: {
      title: "Settings",
      summary:
        "Run your account: your profile, your team, your branding, the checkout's look and your statements.",
      steps: [
        "Edit Profile shows your account information; the owner changes the company details there, confirmed with the password.",
        "Settings holds your business branding, your logo, notification e-mails, monthly statements and your contract.",
        "Users: add team members with only the permissions they need; each receives an e-mail to set a password. Nobody can give a permission they do not have.",
        "Checkout customization sets the hosted checkout's colours and logo, the order of the payment methods and the message after payment.",
        "Statements: subscribe to the monthly statement and download it as a PDF or an Excel file.",
      ],
      tips: ["Delete the account of a team member who leaves: their sessions and tokens end at once."],
    },
    ar: {
      title: "الإعدادات",
      summary: "أدِر حسابك: ملفك الشخصي وفريقك وهويتك التجارية ومظهر صفحة الدفع وكشوف حسابك.",
      steps: [
        "يعرض تعديل الملف الشخصي معلومات حسابك؛ ويغيّر المالك منه بيانات الشركة بعد تأكيدها بكلمة المرور.",
        "تضم الإعدادات هويتك التجارية وشعارك ورسائل الإشعارات وكشوف الحساب الشهرية وعقدك.",
        "المستخدمون: أضف أعضاء فريقك بالصلاحيات التي يحتاجونها فقط؛ ويتلقى كل منهم بريداً إلكترونياً لتعيين كلمة المرور. لا يمكن لأحد منح صلاحية لا يملكها.",
        "يضبط تخصيص صفحة الدفع ألوان صفحة الدفع المستضافة وشعارها وترتيب طرق الدفع والرسالة بعد الدفع.",
        "كشوف الحساب: اشترك في كشف الحساب الشهري ونزّله بصيغة PDF أو Excel.",
      ],
      tips: ["احذف حساب عضو الفريق الذي يغادر: تنتهي جلساته ورموزه فوراً."],
    },
  },
];

/** The part shown: the address's `part` when it names one, else the introduction. */
export function tutorialPart(search: Record<string, unknown>): { part?: TutorialId } {
  const part = search.part;
  return typeof part === "string" && (TUTORIAL_IDS as readonly string[]).includes(part)
    ? { part: part as TutorialId }
    : {};
}
