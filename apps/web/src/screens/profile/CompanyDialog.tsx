import { ActionIcon, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { companyProblems, type MerchantProfile, PROFILE_LIMITS } from "@portal/domain/api/profile";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useSaveCompany } from "../../api/profile.api.ts";
import { toast } from "../../app/toast.ts";
import { passwordRefusal } from "../../components/profile/passwordErrors.ts";
import { problemText, serverProblems } from "../../components/profile/problems.ts";
import type { Lang } from "../../i18n/language.ts";

type ListField = "phones" | "emails";

/**
 * The company info dialog (spec section 2): company name, phones and e-mails with "add more" (up to 5 each),
 * confirmed by the account's password. A wrong password counts towards the lock-out (docs/settings.md).
 */
export function CompanyDialog(props: {
  profile: MerchantProfile;
  opened: boolean;
  onClose: () => void;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const save = useSaveCompany();
  const start = () => ({
    company_name: props.profile.company_name,
    phones: props.profile.phones.length ? [...props.profile.phones] : [""],
    emails: props.profile.emails.length ? [...props.profile.emails] : [""],
  });
  const [form, setForm] = useState(start);
  // Stable keys of the rows of each list, so removing a row keeps the others' inputs in place.
  const nextKey = useRef(0);
  const keysFor = (n: number) => Array.from({ length: n }, () => nextKey.current++);
  const [keys, setKeys] = useState(() => ({
    phones: keysFor(form.phones.length),
    emails: keysFor(form.emails.length),
  }));
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const problems = companyProblems(form);
  const errorOf = (field: string) =>
    problemText(t, server[field] ?? (submitted ? problems[field] : undefined));

  const close = () => {
    const fresh = start();
    setForm(fresh);
    setKeys({ phones: keysFor(fresh.phones.length), emails: keysFor(fresh.emails.length) });
    setPassword("");
    setPasswordError(undefined);
    setSubmitted(false);
    setServer({});
    props.onClose();
  };
  const setList = (field: ListField, index: number, value: string) => {
    setForm((f) => ({ ...f, [field]: f[field].map((v, i) => (i === index ? value : v)) }));
    setServer({});
  };
  const add = (field: ListField) => {
    setForm((f) => ({ ...f, [field]: [...f[field], ""] }));
    setKeys((k) => ({ ...k, [field]: [...k[field], nextKey.current++] }));
  };
  const remove = (field: ListField, index: number) => {
    setForm((f) => ({ ...f, [field]: f[field].filter((_, i) => i !== index) }));
    setKeys((k) => ({ ...k, [field]: k[field].filter((_, i) => i !== index) }));
    setServer({});
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const missingPassword = password === "";
    if (missingPassword) setPasswordError(t("validation.required"));
    if (Object.keys(problems).length > 0 || missingPassword) return;
    try {
      await save.mutateAsync({ ...form, password });
      toast.success(t("profile.done"));
      close();
    } catch (err) {
      const fields = serverProblems(err);
      if (!(isApiError(err) && err.code === "wrong_old_password") && Object.keys(fields).length > 0) {
        setServer(fields);
        return;
      }
      setPasswordError(passwordRefusal(err, t, props.lang));
    }
  };

  const list = (field: ListField, label: string, type: "tel" | "email") => (
    <Stack gap="xs" data-testid={`company-${field}`}>
      {form[field].map((value, index) => (
        <Group key={keys[field][index]} align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`${label} ${index + 1}`}
            type={type}
            dir="ltr"
            value={value}
            required={index === 0}
            onChange={(e) => setList(field, index, e.currentTarget.value)}
            error={errorOf(`${field}.${index}`)}
            data-testid={`company-${field}-${index}`}
          />
          {form[field].length > 1 ? (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              onClick={() => remove(field, index)}
              aria-label={t("profile.company.remove", { label: `${label} ${index + 1}` })}
            >
              ×
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      {errorOf(field) ? (
        <Text size="xs" c="red.8">
          {errorOf(field)}
        </Text>
      ) : null}
      {form[field].length < PROFILE_LIMITS.contacts ? (
        <Button variant="subtle" size="xs" onClick={() => add(field)} data-testid={`company-add-${field}`}>
          {field === "phones" ? t("profile.company.addPhone") : t("profile.company.addEmail")}
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t("profile.company.title")}
      size="lg"
      closeButtonProps={{ "aria-label": t("profile.close") }}
      data-testid="company-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label={t("profile.company.name")}
            required
            value={form.company_name}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, company_name: value }));
              setServer({});
            }}
            error={errorOf("company_name")}
            data-testid="company-name"
          />
          {list("phones", t("profile.company.phone"), "tel")}
          {list("emails", t("profile.company.email"), "email")}
          <PasswordInput
            label={t("profile.password")}
            description={t("profile.company.passwordHint")}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setPasswordError(undefined);
            }}
            error={passwordError}
            visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
            data-testid="company-password"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("profile.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="company-save">
              {t("profile.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
