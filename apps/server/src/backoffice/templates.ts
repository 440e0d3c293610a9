import type { OutgoingEmail } from "../mail/outbox.repository.ts";

/** The e-mail a merchant's owner gets when a bank adds the merchant: English first, then Arabic (mail/templates.ts). */
export function merchantActivationEmail(
  to: string,
  username: string,
  merchantName: string,
  link: string,
  validDays: number,
): OutgoingEmail {
  const en = [
    `Hello ${username},`,
    "",
    `Your bank has opened a merchant account for ${merchantName}. Open this link within ${validDays} days to activate it:`,
    link,
    "",
    "Then sign in with your username and the password your bank gave you; you will be asked to choose your own.",
  ];
  const ar = [
    `مرحبًا ${username}،`,
    "",
    `فتح البنك حساب تاجر باسم ${merchantName}. افتح هذا الرابط خلال ${validDays} أيام لتفعيله:`,
    link,
    "",
    "ثم سجّل الدخول باسم المستخدم وكلمة المرور التي أعطاك إياها البنك، وسيُطلب منك اختيار كلمة مرور خاصة بك.",
  ];
  return {
    to,
    subject: "Activate your merchant account / فعّل حساب التاجر",
    text: `${en.join("\n")}\n\n— — —\n\n${ar.join("\n")}\n`,
  };
}
