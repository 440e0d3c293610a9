import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IMAGE_MAX_BYTES } from "@portal/domain/api/images";
import { DEFAULT_CHECKOUT_COLOURS, POST_PAYMENT_TEXT_MAX } from "@portal/domain/checkout-look";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type CheckoutCustomization,
  uploadCheckoutLogo,
  useCheckoutCustomization,
  useSaveCheckoutCustomization,
} from "../../api/checkout-customization.api.ts";
import { ApiError } from "../../api/errors.ts";
import { toast } from "../../app/toast.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { CheckoutPreview } from "./CheckoutPreview.tsx";
import { COLOUR_FIELDS, type Draft, draftOf, draftProblems, moveMethod } from "./draft.ts";

type Tab = "branding" | "payment" | "post-payment";

/**
 * Checkout customization (issue 18 item 5; spec section 2 "Profile and settings": branding, payment and
 * post-payment tabs; docs/settings.md): the hosted checkout's colours and logo, which methods show and in what
 * order, the text and the redirect after payment, with a live preview of the draft. Saved, the checkout applies it
 * on its next page load. The colours' contrast is checked as the merchant types, with the server's own rule.
 */
export default function CheckoutCustomizationPage() {
  const { t } = useTranslation();
  const saved = useCheckoutCustomization();
  return (
    <Stack data-testid="checkout-customization-page">
      <PageTitle title={t("checkoutCustomization.title")} />
      <Text size="sm">{t("checkoutCustomization.intro")}</Text>
      {saved.isError ? (
        <Alert color="red" data-testid="checkout-customization-error">
          <Group justify="space-between">
            <Text size="sm">{t("checkoutCustomization.loadError")}</Text>
            <Button size="xs" variant="default" onClick={() => void saved.refetch()}>
              {t("checkoutCustomization.retry")}
            </Button>
          </Group>
        </Alert>
      ) : !saved.data ? (
        <Stack aria-busy="true" data-testid="checkout-customization-loading">
          <Skeleton height={48} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      ) : (
        <Editor saved={saved.data} key={saved.data.updated_at ?? "defaults"} />
      )}
    </Stack>
  );
}

function Editor({ saved }: { saved: CheckoutCustomization }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === "ar" ? "ar" : "en";
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [tab, setTab] = useState<Tab>(() => tabFromUrl());
  const [serverProblems, setServerProblems] = useState<Partial<Record<string, string>>>({});
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const save = useSaveCheckoutCustomization();
  const problems: Partial<Record<string, string>> = useMemo(
    () => ({ ...serverProblems, ...draftProblems(draft, lang) }),
    [draft, lang, serverProblems],
  );
  const hasProblems = Object.keys(draftProblems(draft, lang)).length > 0;

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerProblems({});
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setLogoProblem(null);
    if (file.size > IMAGE_MAX_BYTES.logo) return setLogoProblem(t("checkoutCustomization.logo.tooLarge"));
    setUploading(true);
    try {
      const image = await uploadCheckoutLogo(file);
      change({ logo_image_id: image.id, logo_url: image.url });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setLogoProblem(
        code === "image_too_large_logo"
          ? t("checkoutCustomization.logo.tooLarge")
          : code?.startsWith("image_")
            ? t("checkoutCustomization.logo.wrongType")
            : t("checkoutCustomization.logo.failed"),
      );
    } finally {
      setUploading(false);
    }
  };

  const submit = () => {
    if (hasProblems) return;
    save.mutate(
      {
        primary_color: draft.primary_color,
        background_color: draft.background_color,
        text_color: draft.text_color,
        button_text_color: draft.button_text_color,
        logo_image_id: draft.logo_image_id,
        methods: draft.methods.map((m) => ({ integration_id: m.integration_id, visible: m.visible })),
        post_payment_text: draft.post_payment_text,
        redirect_url: draft.redirect_url,
      },
      {
        onSuccess: () => toast.success(t("checkoutCustomization.saved")),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            // The server words its refusals in the dashboard's language (Accept-Language).
            const fields: Record<string, string> = {};
            for (const [field, messages] of Object.entries(error.fields))
              if (messages[0]) fields[field] = messages[0];
            setServerProblems(fields);
            toast.error(t("checkoutCustomization.notSaved"));
          } else toast.error(t("checkoutCustomization.saveFailed"));
        },
      },
    );
  };

  const methodsTab = (
    <Stack gap="xs">
      <Text size="sm">{t("checkoutCustomization.methods.body")}</Text>
      {draft.methods.length === 0 ? (
        <Alert color="gray" data-testid="methods-empty">
          {t("checkoutCustomization.methods.empty")}
        </Alert>
      ) : (
        <ol
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-label={t("checkoutCustomization.methods.order")}
        >
          {draft.methods.map((m, i) => (
            <li key={m.integration_id}>
              <Paper withBorder p="xs" radius="sm" mb={6} data-testid="method-row" data-id={m.integration_id}>
                <Group justify="space-between" wrap="nowrap">
                  <Checkbox
                    checked={m.visible}
                    onChange={(e) =>
                      change({
                        methods: draft.methods.map((x) =>
                          x.integration_id === m.integration_id
                            ? { ...x, visible: e.currentTarget.checked }
                            : x,
                        ),
                      })
                    }
                    label={
                      <Group gap={6} wrap="nowrap">
                        <bdi>{m.name}</bdi>
                        <Badge size="xs" variant="light" color="gray.8">
                          {m.gateway_type}
                        </Badge>
                        <Badge size="xs" variant="light" color={m.is_live ? "teal.9" : "#a35200"}>
                          {t(
                            m.is_live
                              ? "checkoutCustomization.methods.live"
                              : "checkoutCustomization.methods.test",
                          )}
                        </Badge>
                      </Group>
                    }
                    aria-label={t("checkoutCustomization.methods.show", { name: m.name })}
                    data-testid={`method-visible-${m.integration_id}`}
                  />
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      disabled={i === 0}
                      onClick={() => change({ methods: moveMethod(draft.methods, i, -1) })}
                      aria-label={t("checkoutCustomization.methods.up", { name: m.name })}
                      data-testid={`method-up-${m.integration_id}`}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      disabled={i === draft.methods.length - 1}
                      onClick={() => change({ methods: moveMethod(draft.methods, i, 1) })}
                      aria-label={t("checkoutCustomization.methods.down", { name: m.name })}
                      data-testid={`method-down-${m.integration_id}`}
                    >
                      ↓
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            </li>
          ))}
        </ol>
      )}
      {problems.methods ? (
        <Text size="sm" c="red.9" role="alert" data-testid="methods-problem">
          {problems.methods}
        </Text>
      ) : null}
    </Stack>
  );

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Box style={{ flex: "3 1 26rem", minWidth: 0 }}>
        <Paper withBorder p="md" radius="md">
          <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? "branding")} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="branding" data-testid="tab-branding">
                {t("checkoutCustomization.tabs.branding")}
              </Tabs.Tab>
              <Tabs.Tab value="payment" data-testid="tab-payment">
                {t("checkoutCustomization.tabs.payment")}
              </Tabs.Tab>
              <Tabs.Tab value="post-payment" data-testid="tab-post-payment">
                {t("checkoutCustomization.tabs.postPayment")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="branding">
              <Stack gap="sm">
                {COLOUR_FIELDS.map((field) => (
                  <ColorInput
                    key={field}
                    label={t(`checkoutCustomization.colours.${field}`)}
                    description={t(`checkoutCustomization.colours.${field}_hint`)}
                    value={draft[field]}
                    onChange={(value) => change({ [field]: value.trim().toLowerCase() } as Partial<Draft>)}
                    format="hex"
                    withEyeDropper={false}
                    error={problems[field]}
                    data-testid={`colour-${field}`}
                  />
                ))}
                <Group>
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => change({ ...DEFAULT_CHECKOUT_COLOURS })}
                    data-testid="colours-reset"
                  >
                    {t("checkoutCustomization.colours.reset")}
                  </Button>
                </Group>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t("checkoutCustomization.logo.label")}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("checkoutCustomization.logo.rules")}
                  </Text>
                  <Group>
                    {draft.logo_url ? (
                      <Image
                        src={draft.logo_url}
                        alt={t("checkoutCustomization.logo.current")}
                        w={56}
                        h={56}
                        fit="contain"
                        data-testid="logo-current"
                      />
                    ) : null}
                    <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg">
                      {(props) => (
                        <Button
                          {...props}
                          variant="default"
                          size="xs"
                          loading={uploading}
                          data-testid="logo-upload"
                        >
                          {t("checkoutCustomization.logo.upload")}
                        </Button>
                      )}
                    </FileButton>
                    {draft.logo_image_id ? (
                      <Button
                        variant="subtle"
                        size="xs"
                        onClick={() => change({ logo_image_id: null, logo_url: saved.company_logo_url })}
                        data-testid="logo-remove"
                      >
                        {t("checkoutCustomization.logo.useCompany")}
                      </Button>
                    ) : null}
                  </Group>
                  {logoProblem || problems.logo_image_id ? (
                    <Text size="sm" c="red.9" role="alert" data-testid="logo-problem">
                      {logoProblem ?? problems.logo_image_id}
                    </Text>
                  ) : null}
                </Stack>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="payment">{methodsTab}</Tabs.Panel>
            <Tabs.Panel value="post-payment">
              <Stack gap="sm">
                <Textarea
                  label={t("checkoutCustomization.post.text")}
                  description={t("checkoutCustomization.post.textHint", {
                    used: draft.post_payment_text.length,
                    max: POST_PAYMENT_TEXT_MAX,
                  })}
                  value={draft.post_payment_text}
                  onChange={(e) => change({ post_payment_text: e.currentTarget.value })}
                  autosize
                  minRows={3}
                  error={
                    problems.post_payment_text
                      ? t("checkoutCustomization.post.tooLong", { max: POST_PAYMENT_TEXT_MAX })
                      : undefined
                  }
                  data-testid="post-payment-text"
                />
                <TextInput
                  label={t("checkoutCustomization.post.redirect")}
                  description={t("checkoutCustomization.post.redirectHint")}
                  placeholder="https://"
                  dir="ltr"
                  value={draft.redirect_url}
                  onChange={(e) => change({ redirect_url: e.currentTarget.value })}
                  error={problems.redirect_url}
                  data-testid="redirect-url"
                />
              </Stack>
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end" mt="lg">
            <Button
              variant="default"
              onClick={() => {
                setDraft(draftOf(saved));
                setServerProblems({});
              }}
              data-testid="customization-undo"
            >
              {t("checkoutCustomization.undo")}
            </Button>
            <Button
              onClick={submit}
              loading={save.isPending}
              disabled={hasProblems}
              data-testid="customization-save"
            >
              {t("checkoutCustomization.save")}
            </Button>
          </Group>
        </Paper>
      </Box>
      <Box style={{ flex: "2 1 20rem", minWidth: 0 }}>
        <CheckoutPreview draft={draft} companyName={saved.company_name} />
      </Box>
    </Group>
  );
}

function tabFromUrl(): Tab {
  const tab = new URLSearchParams(window.location.search).get("tab");
  return tab === "payment" || tab === "post-payment" ? tab : "branding";
}
