import { RISK_MESSAGES } from "@portal/domain/api/risk";
import type { TFunction } from "i18next";
import type { RiskRule } from "../../api/risk.api.ts";
import type { Lang } from "../../i18n/language.ts";
import { money } from "../../lib/money.ts";

/** The translation key of a server or schema message of the risk center, or undefined for an unknown one. */
export function riskProblem(message: string): keyof typeof RISK_MESSAGES | undefined {
  const found = Object.entries(RISK_MESSAGES).find(([, text]) => text === message);
  return found ? (found[0] as keyof typeof RISK_MESSAGES) : undefined;
}

export function problemText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = riskProblem(message);
  return key ? t(`risk.validation.${key}`) : t("messages.generic");
}

/** A window in seconds as the screen shows it: minutes, hours or days. */
export function windowText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds % 86400 === 0) return t("risk.window.days", { count: seconds / 86400 });
  if (seconds % 3600 === 0) return t("risk.window.hours", { count: seconds / 3600 });
  return t("risk.window.minutes", { count: Math.round(seconds / 60) });
}

/** A rule's terms in one line, in the user's language. */
export function ruleTerms(t: TFunction, lang: Lang, r: RiskRule): string {
  const amount = r.amount_cents !== null && r.currency ? money(r.amount_cents, r.currency, lang) : null;
  switch (r.kind) {
    case "max_amount":
      return t("risk.terms.max_amount", { amount });
    case "min_amount":
      return t("risk.terms.min_amount", { amount });
    case "three_ds":
      return t("risk.terms.three_ds", { amount });
    case "countries":
      return t("risk.terms.countries", { countries: (r.countries ?? []).join(", ") });
    case "velocity": {
      const parts: string[] = [];
      if (r.max_payments !== null) parts.push(t("risk.terms.payments", { count: r.max_payments }));
      if (amount) parts.push(amount);
      return t("risk.terms.velocity", {
        limits: parts.join(lang === "ar" ? " و" : " and "),
        subject: t(`risk.subjects.${r.subject ?? "card"}`),
        window: windowText(t, r.window_seconds),
      });
    }
  }
}
