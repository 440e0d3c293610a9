import { Alert, Button, Group, Loader, Modal, Paper, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type IframeSummary,
  useDeleteIframe,
  useDuplicateIframe,
  useIframe,
  useIframeList,
} from "../../api/iframes.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { IframeForm } from "./IframeForm.tsx";
import { IframePreviewModal } from "./IframePreviewModal.tsx";
import { iframeErrorText } from "./iframeErrors.ts";
import { useIframeRights } from "./rights.ts";

/** The edit modal: loads the iframe's content, then the form. */
function EditIframeModal(props: { id: number; supportEmail: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const iframe = useIframe(props.id);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t("iframes.form.editTitle")}
      size="xl"
      closeButtonProps={{ "aria-label": t("iframes.form.cancel") }}
      data-testid="iframe-edit-modal"
    >
      {iframe.data ? (
        <IframeForm
          iframe={iframe.data}
          supportEmail={props.supportEmail}
          onSaved={props.onClose}
          onCancel={props.onClose}
        />
      ) : iframe.isError ? (
        <Alert color="red" role="alert">
          {t("messages.generic")}
        </Alert>
      ) : (
        <Loader aria-label={t("iframes.loading")} />
      )}
    </Modal>
  );
}

/**
 * Iframes (back-office.md "Iframes", merchant-dashboard.md section 3): the count intro, the list with Add,
 * Preview, Edit, Duplicate and Delete (confirmed), at most 10 per account (docs/settings.md "Iframes").
 */
export default function IframesPage() {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const rights = useIframeRights();
  const list = useIframeList();
  const duplicate = useDuplicateIframe();
  const remove = useDeleteIframe();
  const [adding, setAdding] = useState(false);
  const [editId, setEditId] = useState<number | null>(null);
  const [preview, setPreview] = useState<IframeSummary | null>(null);
  const [deleting, setDeleting] = useState<IframeSummary | null>(null);
  const rows = list.data?.results ?? [];
  const limit = list.data?.limit ?? 10;
  const supportEmail = list.data?.support_email;

  const copy = async (iframe: IframeSummary) => {
    try {
      await duplicate.mutateAsync({ id: iframe.id, name: t("iframes.copyName", { name: iframe.name }) });
      toast.success(t("iframes.messages.duplicated"));
    } catch (err) {
      toast.error(iframeErrorText(err, t, supportEmail));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("iframes.messages.deleted"));
      setDeleting(null);
    } catch {
      // The generic handler has shown the failure; the dialog stays open to try again.
    }
  };

  return (
    <Stack data-testid="iframes-page">
      <PageTitle title={t("iframes.title")}>
        {rights.canCreate ? (
          <Button onClick={() => setAdding(true)} data-testid="iframe-add">
            {t("iframes.add")}
          </Button>
        ) : null}
      </PageTitle>
      <Text data-testid="iframes-intro">
        {list.data ? t("iframes.intro", { count: list.data.count, limit }) : t("iframes.introLoading")}
      </Text>
      <Paper p="md" radius="lg" withBorder>
        {list.isError ? (
          <Alert color="red" role="alert" data-testid="iframes-error">
            <Group justify="space-between">
              <Text>{t("messages.generic")}</Text>
              <Button size="xs" variant="default" onClick={() => void list.refetch()}>
                {t("iframes.retry")}
              </Button>
            </Group>
          </Alert>
        ) : list.isPending ? (
          <Stack aria-busy="true" aria-label={t("iframes.loading")}>
            <Skeleton h={28} />
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="iframes-empty">
            {t("iframes.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label={t("iframes.tableLabel")} data-testid="iframes-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("iframes.columns.id")}</Table.Th>
                  <Table.Th>{t("iframes.columns.name")}</Table.Th>
                  <Table.Th>{t("iframes.columns.description")}</Table.Th>
                  <Table.Th>{t("iframes.columns.created")}</Table.Th>
                  <Table.Th>{t("iframes.columns.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="iframe-row">
                    <Table.Td dir="ltr">{row.id}</Table.Td>
                    <Table.Td data-testid="iframe-row-name">{row.name}</Table.Td>
                    <Table.Td>{row.description ?? "—"}</Table.Td>
                    <Table.Td>{dateTime(row.created_at)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setPreview(row)}
                          aria-label={t("iframes.actions.previewOf", { name: row.name })}
                          data-testid="iframe-preview"
                        >
                          {t("iframes.actions.preview")}
                        </Button>
                        {rights.canUpdate ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            onClick={() => setEditId(row.id)}
                            aria-label={t("iframes.actions.editOf", { name: row.name })}
                            data-testid="iframe-edit"
                          >
                            {t("iframes.actions.edit")}
                          </Button>
                        ) : null}
                        {rights.canCreate ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            loading={duplicate.isPending && duplicate.variables?.id === row.id}
                            onClick={() => void copy(row)}
                            aria-label={t("iframes.actions.duplicateOf", { name: row.name })}
                            data-testid="iframe-duplicate"
                          >
                            {t("iframes.actions.duplicate")}
                          </Button>
                        ) : null}
                        {rights.canDelete ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            color="red.9"
                            onClick={() => setDeleting(row)}
                            aria-label={t("iframes.actions.deleteOf", { name: row.name })}
                            data-testid="iframe-delete"
                          >
                            {t("iframes.actions.delete")}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {adding ? (
        <Modal
          opened
          onClose={() => setAdding(false)}
          title={t("iframes.form.addTitle")}
          size="xl"
          closeButtonProps={{ "aria-label": t("iframes.form.cancel") }}
          data-testid="iframe-add-modal"
        >
          <IframeForm
            supportEmail={supportEmail}
            onSaved={() => setAdding(false)}
            onCancel={() => setAdding(false)}
          />
        </Modal>
      ) : null}
      {editId !== null ? (
        <EditIframeModal id={editId} supportEmail={supportEmail} onClose={() => setEditId(null)} />
      ) : null}
      {preview ? <IframePreviewModal iframe={preview} onClose={() => setPreview(null)} /> : null}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("iframes.delete.title")}
        body={t("iframes.delete.body", { name: deleting?.name ?? "" })}
        confirmLabel={t("iframes.delete.confirm")}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        testId="iframe-delete-modal"
      />
    </Stack>
  );
}
