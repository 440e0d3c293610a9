import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "../../api/reportError.ts";
import { createQueryClient } from "../../app/queryClient.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { BASE_PATH, isLang } from "../../i18n/language.ts";
import { useReferring } from "../../registration/registration.api.ts";

/**
 * /{lang}/growth/referring (signed in: the router sends a signed-out visitor to login and back): the merchant's
 * referral link and code, and the merchants who registered through it (newest 50, with the totals).
 */
export default function ReferringPage() {
  // Outside the dashboard layout (a public route that needs a session): its query client is not above it.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Referring />
    </QueryClientProvider>
  );
}

function Referring() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const referring = useReferring();
  const date = new Intl.DateTimeFormat(lang === "ar" ? "ar-EG" : "en-GB", { dateStyle: "medium" });
  const data = referring.data;
  const link = data ? `${window.location.origin}${BASE_PATH}/${lang}${data.signup_path}` : "";
  return (
    <AuthShell title={t("public.growthReferring")} intro={t("growth.referring.intro")} wide>
      {referring.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("growth.loading")} />
        </Group>
      ) : referring.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="referring-error">
          {messageOf(referring.error)}
        </Alert>
      ) : data ? (
        <Stack gap="md" data-testid="referring">
          <Group align="end" wrap="nowrap">
            <TextInput
              label={t("growth.referring.link")}
              value={link}
              readOnly
              dir="ltr"
              style={{ flex: 1 }}
              data-testid="referring-link"
            />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} data-testid="referring-copy">
                  {copied ? t("growth.referring.copied") : t("growth.referring.copy")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            {t("growth.referring.code")} <bdi data-testid="referring-code">{data.code}</bdi>
          </Text>
          <Text size="sm" data-testid="referring-count">
            {t("growth.referring.count", { count: data.count, confirmed: data.confirmed_count })}
          </Text>
          {data.signups.length === 0 ? (
            <Alert color="gray" variant="light" data-testid="referring-empty">
              {t("growth.referring.empty")}
            </Alert>
          ) : (
            <Table striped data-testid="referring-signups">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("growth.referring.company")}</Table.Th>
                  <Table.Th>{t("growth.referring.date")}</Table.Th>
                  <Table.Th>{t("growth.referring.state")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.signups.map((s) => (
                  <Table.Tr key={`${s.company_name}-${s.created_at}`} data-testid="referring-row">
                    <Table.Td>{s.company_name}</Table.Td>
                    <Table.Td>{date.format(new Date(s.created_at))}</Table.Td>
                    <Table.Td>
                      <Badge color={s.confirmed ? "teal.9" : "gray.7"} variant="filled">
                        {s.confirmed ? t("growth.referring.confirmed") : t("growth.referring.waiting")}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ) : null}
      <AnchorLink to="/{-$lang}" params={{ lang }} size="sm" data-testid="to-dashboard">
        {t("growth.toDashboard")}
      </AnchorLink>
    </AuthShell>
  );
}
