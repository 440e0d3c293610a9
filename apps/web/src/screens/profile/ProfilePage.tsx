import { Alert, Badge, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { MerchantProfile } from "@portal/domain/api/profile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMerchantProfile } from "../../api/profile.api.ts";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { ScreenLink } from "../../layouts/ScreenLink.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { formatDate } from "../../lib/dates.ts";
import { BrandingForm } from "./BrandingForm.tsx";
import { CompanyDialog } from "./CompanyDialog.tsx";
import { LogoDialog } from "./LogoDialog.tsx";

const STATUS_COLOR = { live: "teal.9", test: "#a35200", no_integrations: "gray.7" } as const;

/** Edit Profile (spec sections 2 and 3): account info, company info with its dialog and logo, business branding. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useMerchantProfile();
  return (
    <Stack data-testid="profile-page">
      <PageTitle title={t("profile.title")}>
        <Button component={ScreenLink} screen="settings" lang={useDashboard().lang} variant="default">
          {t("nav.settings")}
        </Button>
      </PageTitle>
      {profile.isError ? (
        <Alert color="red" data-testid="profile-error">
          <Group justify="space-between">
            <Text size="sm">{t("profile.loadError")}</Text>
            <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
              {t("profile.retry")}
            </Button>
          </Group>
        </Alert>
      ) : !profile.data ? (
        <Stack aria-busy="true" data-testid="profile-loading">
          <Skeleton height={120} radius="lg" />
          <Skeleton height={160} radius="lg" />
          <Skeleton height={260} radius="lg" />
        </Stack>
      ) : (
        <ProfileSections profile={profile.data} />
      )}
    </Stack>
  );
}

function ProfileSections({ profile }: { profile: MerchantProfile }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const [editing, setEditing] = useState(false);
  const [logo, setLogo] = useState(false);
  const accountType =
    profile.branding.account_type === null
      ? ""
      : profile.branding.account_type === 0
        ? t("profile.branding.individual")
        : t("profile.branding.corporate");
  return (
    <>
      <Paper withBorder p="md" radius="lg" data-testid="account-section">
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t("profile.account.title")}
            </Title>
            <Badge color={STATUS_COLOR[profile.status]} variant="light" data-testid="account-status">
              {t(`profile.status.${profile.status}`)}
            </Badge>
          </Group>
          <DetailGrid
            testId="account-info"
            items={[
              {
                key: "merchant_id",
                label: t("profile.account.merchantId"),
                value: <span dir="ltr">{profile.merchant_id}</span>,
              },
              {
                key: "username",
                label: t("profile.account.username"),
                value: <span dir="ltr">{profile.username}</span>,
              },
              {
                key: "user_email",
                label: t("profile.account.email"),
                value: <span dir="ltr">{profile.user_email}</span>,
              },
              {
                key: "profile_type",
                label: t("profile.account.role"),
                value: t(`profile.account.roles.${profile.profile_type}`),
              },
              { key: "account_type", label: t("profile.branding.accountType"), value: accountType },
              {
                key: "created_at",
                label: t("profile.account.createdAt"),
                value: formatDate(profile.created_at, lang),
              },
            ]}
          />
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="lg" data-testid="company-section">
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t("profile.company.title")}
            </Title>
            {profile.can_edit ? (
              <Group gap="xs">
                <Button variant="default" onClick={() => setLogo(true)} data-testid="logo-open">
                  {t("profile.logo.title")}
                </Button>
                <Button onClick={() => setEditing(true)} data-testid="company-open">
                  {t("profile.company.edit")}
                </Button>
              </Group>
            ) : null}
          </Group>
          <Group align="flex-start" wrap="nowrap">
            {profile.logo_url ? (
              <Image
                src={profile.logo_url}
                alt={t("profile.logo.alt", { name: profile.company_name })}
                w={88}
                h={88}
                fit="contain"
                radius="md"
                data-testid="company-logo"
              />
            ) : (
              <Text size="sm" c="dimmed" w={88} data-testid="company-no-logo">
                {t("profile.logo.none")}
              </Text>
            )}
            <DetailGrid
              testId="company-info"
              items={[
                { key: "company_name", label: t("profile.company.name"), value: profile.company_name },
                {
                  key: "phones",
                  label: t("profile.company.phones"),
                  value: profile.phones.length ? <span dir="ltr">{profile.phones.join(", ")}</span> : "",
                },
                {
                  key: "emails",
                  label: t("profile.company.emails"),
                  value: profile.emails.length ? <span dir="ltr">{profile.emails.join(", ")}</span> : "",
                },
              ]}
            />
          </Group>
        </Stack>
      </Paper>

      <BrandingForm key={JSON.stringify(profile.branding)} profile={profile} />

      {profile.can_edit ? (
        <>
          <CompanyDialog
            key={`${profile.company_name}|${profile.phones.join()}|${profile.emails.join()}`}
            profile={profile}
            opened={editing}
            onClose={() => setEditing(false)}
            lang={lang}
          />
          <LogoDialog opened={logo} onClose={() => setLogo(false)} />
        </>
      ) : null}
    </>
  );
}
