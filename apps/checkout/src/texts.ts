/** The checkout's own small catalogue: it stays out of the dashboard's bundle. */
export const TEXTS = {
  en: {
    title: "Secure checkout",
    nothing: "There is no payment in progress. Open the payment link you received from the merchant.",
    switchTo: "العربية",
  },
  ar: {
    title: "الدفع الآمن",
    nothing: "لا توجد عملية دفع جارية. افتح رابط الدفع الذي وصلك من التاجر.",
    switchTo: "English",
  },
} as const;

export type Lang = keyof typeof TEXTS;

export function langFrom(search: string): Lang {
  return new URLSearchParams(search).get("lang") === "ar" ? "ar" : "en";
}
