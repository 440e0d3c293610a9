import { Alert, Button, NativeSelect, PasswordInput, Stack, TextInput } from "@mantine/core";
import {
  asksEmirate,
  type Country,
  REGISTRATION_MESSAGES,
  type RegisterField,
  registrationProblems,
} from "@portal/domain";
import { statesOf } from "@portal/domain/places";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { PasswordRules } from "../auth/PasswordRules.tsx";
import { registrationApi } from "./registration.api.ts";

/** The English messages of the shared rules and the server, to their translation keys (register.errors.*). */
type ErrorKey =
  | "required"
  | "fullName"
  | "email"
  | "phone"
  | "htmlTags"
  | "emailRegistered"
  | "phoneRegistered"
  | "weakPassword"
  | "passwordMismatch"
  | "companyTooLong"
  | "emirate"
  | "unknownCode";
const MESSAGE_KEYS: Record<string, ErrorKey> = {
  [REGISTRATION_MESSAGES.required]: "required",
  [REGISTRATION_MESSAGES.fullName]: "fullName",
  [REGISTRATION_MESSAGES.email]: "email",
  [REGISTRATION_MESSAGES.phone]: "phone",
  [REGISTRATION_MESSAGES.htmlTags]: "htmlTags",
  [REGISTRATION_MESSAGES.emailRegistered]: "emailRegistered",
  [REGISTRATION_MESSAGES.phoneRegistered]: "phoneRegistered",
  [REGISTRATION_MESSAGES.weakPassword]: "weakPassword",
  [REGISTRATION_MESSAGES.passwordMismatch]: "passwordMismatch",
  [REGISTRATION_MESSAGES.companyTooLong]: "companyTooLong",
  [REGISTRATION_MESSAGES.emirate]: "emirate",
  [REGISTRATION_MESSAGES.unknownCode]: "unknownCode",
};

const FIELDS: readonly RegisterField[] = [
  "full_name",
  "company_name",
  "email",
  "phone",
  "emirate",
  "password",
  "confirm_password",
];

type Values = Record<RegisterField, string>;
const EMPTY: Values = {
  full_name: "",
  company_name: "",
  email: "",
  phone: "",
  emirate: "",
  password: "",
  confirm_password: "",
};

/**
 * The registration form (merchant-dashboard.md section 2; docs/onboarding.md "Registration and growth"), used by
 * /register and /growth/signup (with a referral code). The rules are the server's own (registrationProblems),
 * checked as a field is left and on submit; the server's answer (a taken e-mail or phone) shows under its field,
 * and a request that got no answer shows the spec's 'Oops,Network Error ,Please Try Again'.
 */
export function RegisterForm({
  country,
  lang,
  referralCode,
  onRegistered,
}: {
  country: Country;
  lang: "en" | "ar";
  referralCode?: string | undefined;
  onRegistered: (email: string) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Set<RegisterField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const problems = registrationProblems(values, country);
  const translate = (message: string): string => {
    const key = MESSAGE_KEYS[message];
    return key ? t(`register.errors.${key}`) : message;
  };
  const errorOf = (field: RegisterField): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    const first = touched.has(field) ? problems[field]?.[0] : undefined;
    return first ? translate(first) : undefined;
  };
  const bind = (field: RegisterField) => ({
    value: values[field],
    error: errorOf(field),
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setServerErrors((s) => ({ ...s, [field]: undefined }));
    },
    onBlur: () => setTouched((s) => new Set(s).add(field)),
    "data-testid": `register-${field.replace("_", "-")}`,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(FIELDS));
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setSubmitting(true);
    try {
      const answer = await registrationApi.register({
        ...values,
        emirate: asksEmirate(country) ? values.emirate : undefined,
        referral_code: referralCode || undefined,
        lang,
      });
      onRegistered(answer.email);
    } catch (err) {
      if (!isApiError(err) || err.kind !== "http") {
        setFormError(t("register.errors.networkError"));
      } else if (err.code === "unknown_referral_code") {
        setFormError(t("register.errors.unknownCode"));
      } else {
        const next: Partial<Record<RegisterField, string>> = {};
        for (const field of FIELDS) {
          const message = err.fields[field]?.[0];
          if (message) next[field] = translate(message);
        }
        setServerErrors(next);
        if (Object.keys(next).length === 0) setFormError(t("register.errors.failed", { status: err.status }));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form" data-country={country}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" role="alert" data-testid="register-error">
            {formError}
          </Alert>
        ) : null}
        <TextInput label={t("register.fullName")} autoComplete="name" required {...bind("full_name")} />
        <TextInput
          label={t("register.companyName")}
          autoComplete="organization"
          required
          {...bind("company_name")}
        />
        <TextInput
          label={t("register.email")}
          type="email"
          autoComplete="email"
          description={t("register.emailHint")}
          required
          dir="ltr"
          {...bind("email")}
        />
        <TextInput
          label={t("register.phone")}
          type="tel"
          autoComplete="tel"
          description={t("register.phoneHint")}
          required
          dir="ltr"
          {...bind("phone")}
        />
        {asksEmirate(country) ? (
          <NativeSelect
            label={t("register.emirate")}
            required
            data={[
              { value: "", label: t("register.chooseEmirate") },
              ...statesOf("ARE").map((s) => ({ value: s.id, label: lang === "ar" ? s.ar : s.en })),
            ]}
            {...bind("emirate")}
          />
        ) : null}
        <PasswordInput
          label={t("auth.newPassword")}
          autoComplete="new-password"
          required
          aria-describedby="register-password-rules"
          visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
          {...bind("password")}
        />
        <PasswordRules password={values.password} id="register-password-rules" />
        <PasswordInput
          label={t("auth.confirmPassword")}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
          {...bind("confirm_password")}
        />
        <Button type="submit" size="md" fullWidth loading={submitting} data-testid="register-submit">
          {t("register.submit")}
        </Button>
      </Stack>
    </form>
  );
}
