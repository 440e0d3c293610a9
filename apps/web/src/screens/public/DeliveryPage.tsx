import { Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../../app/config.ts";
import { isSignedIn, useSession } from "../../auth/session.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { AnchorLink, ButtonLink } from "../../components/links.tsx";
import { isLang } from "../../i18n/language.ts";

const STEPS = ["order", "pay", "pickup", "track"] as const;
const NEEDS = ["address", "parcel", "phone", "hours"] as const;
const QUESTIONS = ["fees", "cash", "failed", "countries"] as const;

/**
 * /delivery (spec section 2, top level; the server sends /delivery here): what delivery of paid orders is, how it
 * works, what a merchant needs and how to start, for anyone, signed in or not (docs/onboarding.md "Public and
 * host pages"). Signed in, the way on is the orders that need delivery; signed out, sign in or create an account
 * (none in Pakistan, where there is no sign-up).
 */
export default function DeliveryPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const config = useAppConfig();
  const signedIn = isSignedIn(useSession());
  return (
    <AuthShell title={t("deliveryPage.title")} intro={t("deliveryPage.intro")} wide>
      <Stack gap="xl" data-testid="delivery-page">
        <Stack gap="sm" component="section" aria-labelledby="delivery-how">
          <Title order={2} size="h4" id="delivery-how">
            {t("deliveryPage.how.title")}
          </Title>
          <List type="ordered" spacing="sm" data-testid="delivery-steps">
            {STEPS.map((step) => (
              <List.Item key={step}>
                <Text fw={600} size="sm" component="span">
                  {t(`deliveryPage.how.${step}.title`)}
                </Text>{" "}
                <Text size="sm" component="span">
                  {t(`deliveryPage.how.${step}.body`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="delivery-needs">
          <Title order={2} size="h4" id="delivery-needs">
            {t("deliveryPage.needs.title")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {NEEDS.map((need, i) => (
              <Group key={need} gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={26} radius="xl" variant="light" aria-hidden>
                  <Text size="xs" fw={700} component="span">
                    {i + 1}
                  </Text>
                </ThemeIcon>
                <Text size="sm">{t(`deliveryPage.needs.${need}`)}</Text>
              </Group>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="delivery-start">
          <Title order={2} size="h4" id="delivery-start">
            {t("deliveryPage.start.title")}
          </Title>
          <Text size="sm">
            {t(signedIn ? "deliveryPage.start.signedIn" : "deliveryPage.start.signedOut")}
          </Text>
          <Group gap="sm">
            {signedIn ? (
              <ButtonLink
                to="/{-$lang}/orders"
                params={{ lang }}
                search={{ delivery_needed: "true" }}
                data-testid="delivery-orders"
              >
                {t("deliveryPage.start.orders")}
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/{-$lang}/login" params={{ lang }} data-testid="delivery-sign-in">
                  {t("deliveryPage.start.signIn")}
                </ButtonLink>
                {config.country !== "PAK" ? (
                  <ButtonLink
                    to="/{-$lang}/register"
                    params={{ lang }}
                    variant="default"
                    data-testid="delivery-register"
                  >
                    {t("deliveryPage.start.register")}
                  </ButtonLink>
                ) : null}
              </>
            )}
          </Group>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="delivery-questions">
          <Title order={2} size="h4" id="delivery-questions">
            {t("deliveryPage.questions.title")}
          </Title>
          <Stack gap="md" component="dl" m={0}>
            {QUESTIONS.map((q) => (
              <div key={q}>
                <Text component="dt" fw={600} size="sm">
                  {t(`deliveryPage.questions.${q}.q`)}
                </Text>
                <Text component="dd" size="sm" m={0} c="dimmed">
                  {t(`deliveryPage.questions.${q}.a`)}
                </Text>
              </div>
            ))}
          </Stack>
        </Stack>

        {signedIn ? (
          <AnchorLink
            to="/{-$lang}/tutorials"
            params={{ lang }}
            search={{ part: "orders" }}
            size="sm"
            data-testid="delivery-tutorials"
          >
            {t("deliveryPage.tutorials")}
          </AnchorLink>
        ) : null}
      </Stack>
    </AuthShell>
  );
}
