import type { OutgoingEmail } from "./outbox.repository.ts";

/** Every e-mail is bilingual: English first, then Arabic, in one plain-text body. */
function bilingual(en: string[], ar: string[]): string {
  return `${en.join("\n")}\n\n— — —\n\n${ar.join("\n")}\n`;
}

export function resetPasswordEmail(to: string, username: string, link: string): OutgoingEmail {
  return {
    to,
    subject: "Reset your password / إعادة تعيين كلمة المرور",
    text: bilingual(
      [
        `Hello ${username},`,
        "",
        "We received a request to reset the password of your account. Open this link within one hour to choose a new password:",
        link,
        "",
        "If you did not ask for this, ignore this e-mail; your password stays as it is.",
      ],
      [
        `مرحبًا ${username}،`,
        "",
        "تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك. افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:",
        link,
        "",
        "إذا لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.",
      ],
    ),
  };
}

export function reactivationEmail(
  to: string,
  username: string,
  link: string,
  validDays: number,
): OutgoingEmail {
  return {
    to,
    subject: "Reactivate your account / أعد تفعيل حسابك",
    text: bilingual(
      [
        `Hello ${username},`,
        "",
        `Your account has been blocked after several wrong password attempts. Open this link within ${validDays} days to activate it again:`,
        link,
        "",
        "If this was not you, change your password once the account is active again.",
      ],
      [
        `مرحبًا ${username}،`,
        "",
        `تم حظر حسابك بعد عدة محاولات خاطئة لإدخال كلمة المرور. افتح هذا الرابط خلال ${validDays} أيام لتفعيله من جديد:`,
        link,
        "",
        "إذا لم تكن أنت من حاول، فغيّر كلمة مرورك بعد إعادة تفعيل الحساب.",
      ],
    ),
  };
}
