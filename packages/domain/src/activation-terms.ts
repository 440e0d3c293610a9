/**
 * The terms and conditions of the account activation wizard's last step (merchant-dashboard.md section 2: "the
 * terms agreement (17 sections, scrollable, en and ar) with its required checkbox"). The spec gives the count, not
 * the text: this is the portal's own payment acceptance agreement, written for it. The dashboard renders it
 * section by section in the user's language; the server records the version accepted with the application.
 */

export interface TermsSection {
  number: number;
  title: { en: string; ar: string };
  body: { en: string; ar: string };
}

/** Raise when the text changes materially: a submitted application keeps the version it accepted. */
export const ACTIVATION_TERMS_VERSION = "2026-11";

export const ACTIVATION_TERMS_TITLE = {
  en: "Payment Acceptance Services Agreement",
  ar: "اتفاقية خدمات قبول المدفوعات",
} as const;

export const ACTIVATION_TERMS_INTRO = {
  en: 'This agreement is between the payment service provider ("the Provider") and the business that activates its account ("the Merchant"). By ticking the box below and submitting the application, the Merchant accepts it on behalf of its business.',
  ar: 'هذه الاتفاقية مبرمة بين مزود خدمات الدفع ("المزود") والنشاط التجاري الذي يفعّل حسابه ("التاجر"). بتحديد المربع أدناه وإرسال الطلب، يقبل التاجر هذه الاتفاقية نيابةً عن نشاطه التجاري.',
} as const;

export const ACTIVATION_TERMS: readonly TermsSection[] = [
  {
    number: 1,
    title: { en: "Definitions", ar: "التعريفات" },
    body: {
      en: '"Services" means the acceptance of payments by card, mobile wallet, QR code, payment link and the other methods the Merchant activates. "Transaction" means a payment made by a customer to the Merchant through the Services. "Acquiring Bank" means the licensed bank that reviews the Merchant and settles its funds. "Dashboard" means the Provider\'s merchant portal.',
      ar: 'يُقصد بـ"الخدمات" قبول المدفوعات بالبطاقات والمحافظ الإلكترونية ورمز QR وروابط الدفع وغيرها من الوسائل التي يفعّلها التاجر. ويُقصد بـ"المعاملة" أي دفعة يسددها عميل للتاجر من خلال الخدمات. ويُقصد بـ"البنك المستحوذ" البنك المرخص الذي يراجع التاجر ويسوّي أمواله. ويُقصد بـ"لوحة التحكم" بوابة التجار الخاصة بالمزود.',
    },
  },
  {
    number: 2,
    title: { en: "Scope of the agreement", ar: "نطاق الاتفاقية" },
    body: {
      en: "The Provider gives the Merchant access to the Services and the Dashboard so that it can accept payments for lawful goods and services. This agreement applies together with the Acquiring Bank's rules and the rules of the card schemes and payment networks.",
      ar: "يتيح المزود للتاجر الوصول إلى الخدمات ولوحة التحكم ليتمكن من قبول المدفوعات مقابل سلع وخدمات مشروعة. وتسري هذه الاتفاقية مع قواعد البنك المستحوذ وقواعد شبكات البطاقات وشبكات الدفع.",
    },
  },
  {
    number: 3,
    title: { en: "Activation and verification", ar: "التفعيل والتحقق" },
    body: {
      en: "The account becomes live only after the Acquiring Bank has reviewed and approved the application. The Provider and the Acquiring Bank may ask for further information or documents, and may refuse an application without giving reasons where the law allows.",
      ar: "لا يصبح الحساب فعّالاً إلا بعد أن يراجع البنك المستحوذ الطلب ويوافق عليه. ويجوز للمزود وللبنك المستحوذ طلب معلومات أو مستندات إضافية، ولهما رفض الطلب دون إبداء الأسباب في الحدود التي يسمح بها القانون.",
    },
  },
  {
    number: 4,
    title: { en: "Accuracy of information", ar: "صحة المعلومات" },
    body: {
      en: "The Merchant declares that the information and documents it submits are true, complete and its own, and will inform the Provider within seven days of any change to its ownership, activity, address, bank account or legal status.",
      ar: "يقر التاجر بأن المعلومات والمستندات التي يقدمها صحيحة وكاملة وتخصه، ويلتزم بإخطار المزود خلال سبعة أيام بأي تغيير في ملكيته أو نشاطه أو عنوانه أو حسابه البنكي أو وضعه القانوني.",
    },
  },
  {
    number: 5,
    title: { en: "Permitted and prohibited activities", ar: "الأنشطة المسموح بها والمحظورة" },
    body: {
      en: "The Merchant will use the Services only for the business activity it declared. It will not accept payments for illegal goods or services, gambling without a licence, weapons, counterfeit goods, or any activity the Acquiring Bank or the card schemes prohibit, and will not process payments on behalf of third parties.",
      ar: "يستخدم التاجر الخدمات فقط للنشاط التجاري الذي أفصح عنه. ولا يقبل مدفوعات مقابل سلع أو خدمات غير مشروعة، أو ألعاب القمار دون ترخيص، أو الأسلحة، أو السلع المقلدة، أو أي نشاط يحظره البنك المستحوذ أو شبكات البطاقات، ولا يعالج مدفوعات نيابةً عن الغير.",
    },
  },
  {
    number: 6,
    title: { en: "Fees", ar: "الرسوم" },
    body: {
      en: "The Merchant pays the fees shown in its fee plan for each successful Transaction, deducted from the amounts settled to it. The Provider will give at least thirty days' notice of any change to the fees through the Dashboard or by e-mail.",
      ar: "يسدد التاجر الرسوم الواردة في خطة الرسوم الخاصة به عن كل معاملة ناجحة، وتُخصم من المبالغ التي تُسوّى له. ويخطر المزود التاجر بأي تغيير في الرسوم قبل ثلاثين يوماً على الأقل عبر لوحة التحكم أو بالبريد الإلكتروني.",
    },
  },
  {
    number: 7,
    title: { en: "Settlement", ar: "التسوية" },
    body: {
      en: "Funds from successful Transactions, less fees, refunds and chargebacks, are settled to the bank account or wallet the Merchant chose, on the settlement schedule shown in the Dashboard. A change of settlement account takes effect only after it has been verified.",
      ar: "تُسوّى أموال المعاملات الناجحة، بعد خصم الرسوم والمبالغ المستردة ورد المبالغ، إلى الحساب البنكي أو المحفظة التي اختارها التاجر، وفق جدول التسوية الظاهر في لوحة التحكم. ولا يسري تغيير حساب التسوية إلا بعد التحقق منه.",
    },
  },
  {
    number: 8,
    title: { en: "Refunds", ar: "المبالغ المستردة" },
    body: {
      en: "The Merchant handles refunds through the Dashboard and publishes a clear refund policy to its customers. A refund may not exceed the original Transaction amount and is returned to the payment method the customer used.",
      ar: "يتولى التاجر المبالغ المستردة من خلال لوحة التحكم، وينشر لعملائه سياسة استرداد واضحة. ولا يجوز أن يتجاوز المبلغ المسترد قيمة المعاملة الأصلية، ويُعاد إلى وسيلة الدفع التي استخدمها العميل.",
    },
  },
  {
    number: 9,
    title: { en: "Chargebacks and disputes", ar: "رد المبالغ والنزاعات" },
    body: {
      en: "When a customer disputes a Transaction, the Merchant will provide evidence of the sale within the time the Provider asks. Chargebacks decided against the Merchant, with their fees, are deducted from its settlements or charged to it.",
      ar: "عندما يعترض عميل على معاملة، يقدم التاجر ما يثبت عملية البيع خلال المهلة التي يحددها المزود. وتُخصم مبالغ الرد التي يُقضى بها ضد التاجر، مع رسومها، من تسوياته أو تُحمّل عليه.",
    },
  },
  {
    number: 10,
    title: { en: "Reserves and holds", ar: "الاحتياطيات وتعليق المبالغ" },
    body: {
      en: "Where the risk of chargebacks or fraud is high, the Provider may, with notice to the Merchant, hold part of the settlements as a reserve for a limited period, or delay the settlement of suspicious Transactions while they are reviewed.",
      ar: "إذا ارتفعت مخاطر رد المبالغ أو الاحتيال، يجوز للمزود، بعد إخطار التاجر، الاحتفاظ بجزء من التسويات كاحتياطي لمدة محدودة، أو تأجيل تسوية المعاملات المشتبه بها أثناء مراجعتها.",
    },
  },
  {
    number: 11,
    title: { en: "Security of card data", ar: "أمن بيانات البطاقات" },
    body: {
      en: "The Merchant will never store full card numbers, security codes or PINs, will keep its keys and passwords secret, and will tell the Provider at once of any suspected breach. Card data is entered only on the Provider's secure payment pages.",
      ar: "لا يحتفظ التاجر أبداً بأرقام البطاقات كاملة أو رموز الأمان أو الأرقام السرية، ويحافظ على سرية مفاتيحه وكلمات المرور الخاصة به، ويبلغ المزود فوراً بأي اختراق مشتبه به. ولا تُدخل بيانات البطاقات إلا في صفحات الدفع الآمنة الخاصة بالمزود.",
    },
  },
  {
    number: 12,
    title: { en: "Anti-money laundering", ar: "مكافحة غسل الأموال" },
    body: {
      en: "The Merchant will comply with the anti-money laundering and counter-terrorist financing laws of its country. The Provider and the Acquiring Bank may monitor Transactions, ask about their source, and report suspicious activity to the competent authorities.",
      ar: "يلتزم التاجر بقوانين مكافحة غسل الأموال وتمويل الإرهاب المعمول بها في بلده. ويجوز للمزود وللبنك المستحوذ مراقبة المعاملات والاستفسار عن مصدرها والإبلاغ عن أي نشاط مشبوه إلى الجهات المختصة.",
    },
  },
  {
    number: 13,
    title: { en: "Personal data and privacy", ar: "البيانات الشخصية والخصوصية" },
    body: {
      en: "The Provider processes the Merchant's data and its customers' payment data only to provide the Services, meet its legal duties and prevent fraud, and shares them only with the Acquiring Bank, the payment networks and the authorities entitled to them. Uploaded documents are stored encrypted.",
      ar: "يعالج المزود بيانات التاجر وبيانات الدفع الخاصة بعملائه فقط لتقديم الخدمات والوفاء بالتزاماته القانونية ومنع الاحتيال، ولا يشاركها إلا مع البنك المستحوذ وشبكات الدفع والجهات المخولة بالاطلاع عليها. وتُحفظ المستندات المرفوعة مشفرة.",
    },
  },
  {
    number: 14,
    title: { en: "Intellectual property", ar: "الملكية الفكرية" },
    body: {
      en: "The Provider keeps all rights in the Dashboard, the payment pages and its brand. The Merchant allows the Provider to show its name and logo on the payment pages its customers see.",
      ar: "يحتفظ المزود بجميع الحقوق في لوحة التحكم وصفحات الدفع وعلامته التجارية. ويأذن التاجر للمزود بعرض اسمه وشعاره في صفحات الدفع التي يراها عملاؤه.",
    },
  },
  {
    number: 15,
    title: { en: "Liability", ar: "المسؤولية" },
    body: {
      en: "The Provider is not liable for indirect losses or for interruptions caused by the payment networks, banks or events beyond its control. The Merchant is responsible for the goods and services it sells and for its customers' claims about them.",
      ar: "لا يتحمل المزود المسؤولية عن الخسائر غير المباشرة أو عن الانقطاعات الناتجة عن شبكات الدفع أو البنوك أو عن ظروف خارجة عن إرادته. ويتحمل التاجر المسؤولية عن السلع والخدمات التي يبيعها وعن مطالبات عملائه بشأنها.",
    },
  },
  {
    number: 16,
    title: { en: "Suspension and termination", ar: "الإيقاف والإنهاء" },
    body: {
      en: "Either party may end this agreement with thirty days' written notice. The Provider may suspend the Services at once in case of fraud, a serious breach of this agreement, or a request of the Acquiring Bank or an authority. Amounts due survive termination.",
      ar: "يجوز لأي من الطرفين إنهاء هذه الاتفاقية بإخطار كتابي قبل ثلاثين يوماً. ويجوز للمزود إيقاف الخدمات فوراً في حالة الاحتيال أو الإخلال الجسيم بهذه الاتفاقية أو بناءً على طلب البنك المستحوذ أو إحدى الجهات الرسمية. وتظل المبالغ المستحقة قائمة بعد الإنهاء.",
    },
  },
  {
    number: 17,
    title: { en: "Governing law and disputes", ar: "القانون الواجب التطبيق وتسوية النزاعات" },
    body: {
      en: "This agreement is governed by the laws of the country where the Merchant's account is registered. The parties will first try to settle any dispute amicably; failing that, the competent courts of that country decide. The Arabic and English texts are equally valid.",
      ar: "تخضع هذه الاتفاقية لقوانين البلد المسجل فيه حساب التاجر. ويسعى الطرفان أولاً إلى تسوية أي نزاع ودياً، وإلا فتختص بالفصل فيه المحاكم المختصة في ذلك البلد. ويتساوى النصان العربي والإنجليزي في الحجية.",
    },
  },
];
