import { Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../../app/config.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { isLang } from "../../i18n/language.ts";
import { RegisterForm } from "../../registration/RegisterForm.tsx";

/** /{lang}/register (none for Pakistan: the router sends it to login). Success goes to /register/success. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const config = useAppConfig();
  const navigate = useNavigate();
  return (
    <AuthShell title={t("public.register")} intro={t("register.intro")}>
      <RegisterForm
        country={config.country}
        lang={lang}
        onRegistered={(email) =>
          void navigate({ to: "/{-$lang}/register/success", params: { lang }, search: { email } })
        }
      />
      <Text size="sm" ta="center">
        {t("register.haveAccount")}{" "}
        <AnchorLink to="/{-$lang}/login" params={{ lang }} data-testid="to-login">
          {t("register.signIn")}
        </AnchorLink>
      </Text>
    </AuthShell>
  );
}
