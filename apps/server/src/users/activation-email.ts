import type { OutgoingEmail } from "../mail/outbox.repository.ts";

/**
 * The activation e-mail of a new staff user (back-office.md section 6: "A new user receives an activation email"),
 * bilingual like every e-mail of the portal: English first, then Arabic.
 */
export function activationEmail(m: {
  to: string;
  name: string;
  username: string;
  merchantName: string;
  link: string;
  validDays: number;
}): OutgoingEmail {
  return {
    to: m.to,
    subject: "Activate your staff account / فعّل حساب الموظف",
    text: [
      `Hello ${m.name},`,
      "",
      `${m.merchantName} added you as a staff user of its payment dashboard. Open this link within ${m.validDays} days to choose your password and activate your account:`,
      m.link,
      "",
      `You will sign in with the username ${m.username}.`,
      "",
      "— — —",
      "",
      `مرحبًا ${m.name}،`,
      "",
      `أضافك ${m.merchantName} موظفًا في لوحة تحكم المدفوعات. افتح هذا الرابط خلال ${m.validDays} أيام لاختيار كلمة مرورك وتفعيل حسابك:`,
      m.link,
      "",
      `ستسجّل الدخول باسم المستخدم ${m.username}.`,
      "",
    ].join("\n"),
  };
}
