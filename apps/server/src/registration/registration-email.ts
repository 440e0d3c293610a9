import type { OutgoingEmail } from "../mail/outbox.repository.ts";

/** The confirmation e-mail of a new registration, bilingual like every e-mail of the portal: English, then Arabic. */
export function confirmationEmail(m: {
  to: string;
  name: string;
  companyName: string;
  link: string;
  validDays: number;
}): OutgoingEmail {
  return {
    to: m.to,
    subject: "Confirm your e-mail address / أكّد بريدك الإلكتروني",
    text: [
      `Hello ${m.name},`,
      "",
      `Thank you for registering ${m.companyName}. Open this link within ${m.validDays} days to confirm your e-mail address; you can sign in afterwards, with this address as your username:`,
      m.link,
      "",
      "If you did not register, ignore this e-mail.",
      "",
      "— — —",
      "",
      `مرحبًا ${m.name}،`,
      "",
      `شكرًا لتسجيل ${m.companyName}. افتح هذا الرابط خلال ${m.validDays} أيام لتأكيد بريدك الإلكتروني، ثم سجّل الدخول بهذا العنوان اسمًا للمستخدم:`,
      m.link,
      "",
      "إذا لم تقم بالتسجيل فتجاهل هذه الرسالة.",
      "",
    ].join("\n"),
  };
}
