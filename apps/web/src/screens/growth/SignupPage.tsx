import { Alert, Group, Loader, Text } from "@mantine/core";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useAppConfig } from "../../app/config.ts";
import { createQueryClient } from "../../app/queryClient.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { isLang } from "../../i18n/language.ts";
import { RegisterForm } from "../../registration/RegisterForm.tsx";
import { registrationApi } from "../../registration/registration.api.ts";

/**
 * /{lang}/growth/signup?code=...: registration through a merchant's referral link. The code is checked first
 * (an unknown one says so and offers the ordinary registration); the new merchant is recorded as brought by it.
 */
export default function SignupPage() {
  // A signed-out page: the dashboard layout's query client is not above it.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Signup />
    </QueryClientProvider>
  );
}

function Signup() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const config = useAppConfig();
  const navigate = useNavigate();
  const { code } = useSearch({ from: "/{-$lang}/growth/signup" });
  const check = useQuery({
    queryKey: ["growth", "code", code ?? ""],
    queryFn: () => registrationApi.referralCode(code ?? ""),
    enabled: Boolean(code),
    retry: false,
  });
  const unknown = !code || (check.isError && isApiError(check.error) && check.error.status === 404);
  return (
    <AuthShell title={t("public.growthSignup")} intro={t("register.intro")}>
      {unknown ? (
        <>
          <Alert color="red" variant="light" role="alert" data-testid="signup-unknown-code">
            {t("register.errors.unknownCode")}
          </Alert>
          <AnchorLink to="/{-$lang}/register" params={{ lang }} data-testid="signup-to-register">
            {t("growth.signup.plain")}
          </AnchorLink>
        </>
      ) : check.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("growth.loading")} />
        </Group>
      ) : check.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="signup-error">
          {t("register.errors.networkError")}
        </Alert>
      ) : (
        <>
          <Text size="sm" data-testid="signup-referrer">
            {t("growth.signup.invitedBy")} <bdi>{check.data.merchant_name}</bdi>
          </Text>
          <RegisterForm
            country={config.country}
            lang={lang}
            referralCode={check.data.code}
            onRegistered={(email) =>
              void navigate({ to: "/{-$lang}/register/success", params: { lang }, search: { email } })
            }
          />
        </>
      )}
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("register.signIn")}
      </AnchorLink>
    </AuthShell>
  );
}
