import { Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { iframeDocumentPath } from "@portal/domain/api/iframes";
import { useTranslation } from "react-i18next";
import type { IframeSummary } from "../../api/iframes.api.ts";
import { toast } from "../../app/toast.ts";

/** The embed snippet a merchant pastes into its own page: the published link, sandboxed there too. */
export function embedSnippet(iframe: Pick<IframeSummary, "link" | "name">): string {
  const title = iframe.name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${iframe.link}" title="${title}" sandbox="allow-scripts" width="100%" height="400" style="border:0"></iframe>`;
}

/**
 * Preview: the published document, loaded from the checkout side (/checkout/iframes/:public_id) inside
 * <iframe sandbox="allow-scripts">, so the merchant's code runs in an opaque origin and never on the dashboard's;
 * below it, how to embed it.
 */
export function IframePreviewModal(props: { iframe: IframeSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const snippet = embedSnippet(props.iframe);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t("iframes.preview.title", { name: props.iframe.name })}
      size="xl"
      closeButtonProps={{ "aria-label": t("iframes.form.cancel") }}
      data-testid="iframe-preview-modal"
    >
      <Stack>
        <iframe
          src={iframeDocumentPath(props.iframe.public_id)}
          sandbox="allow-scripts"
          title={t("iframes.preview.frameTitle", { name: props.iframe.name })}
          style={{
            width: "100%",
            height: 360,
            border: "1px solid var(--mantine-color-gray-4)",
            borderRadius: 8,
          }}
          data-testid="iframe-preview-frame"
        />
        <Text fw={600}>{t("iframes.embed.title")}</Text>
        <Text size="sm">{t("iframes.embed.intro")}</Text>
        <Code
          block
          dir="ltr"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          data-testid="iframe-embed-snippet"
        >
          {snippet}
        </Code>
        <Group>
          <CopyButton value={snippet}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  copy();
                  toast.success(t("iframes.embed.copied"));
                }}
                data-testid="iframe-embed-copy"
              >
                {copied ? t("iframes.embed.copied") : t("iframes.embed.copy")}
              </Button>
            )}
          </CopyButton>
          <Text size="sm" c="dimmed">
            {t("iframes.embed.link")}{" "}
            <Text span dir="ltr" data-testid="iframe-link">
              {props.iframe.link}
            </Text>
          </Text>
        </Group>
      </Stack>
    </Modal>
  );
}
