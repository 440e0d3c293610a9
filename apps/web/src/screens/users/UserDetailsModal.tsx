import { Button, Group, Modal, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { PermissionName } from "@portal/domain";
import { areaPermissions, permissionVerb, STAFF_PERMISSION_AREAS } from "@portal/domain/api/users";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { messageOf } from "../../api/reportError.ts";
import { type StaffUser, useDeleteUser, useResendActivation, useUser } from "../../api/users.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { ToneBadge } from "../../components/StatusBadge.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useUserRights } from "./rights.ts";
import { UserForm } from "./UserForm.tsx";

/** The failure of a user action in the user's language: our own codes first, then the generic handler's. */
function failureText(
  err: unknown,
  t: (key: "users.errors.deleteSelf" | "users.errors.alreadyActive") => string,
) {
  if (isApiError(err) && err.code === "delete_self") return t("users.errors.deleteSelf");
  if (isApiError(err) && err.code === "already_active") return t("users.errors.alreadyActive");
  return messageOf(err);
}

export function fullName(u: Pick<StaffUser, "first_name" | "last_name">): string {
  return `${u.first_name} ${u.last_name}`.trim();
}

export function StateBadge({ user }: { user: Pick<StaffUser, "state"> }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={user.state}
      color={user.state === "active" ? "teal.9" : "#a35200"}
      label={t(`users.state.${user.state}`)}
      testId="user-state"
    />
  );
}

/** The user's permissions by area, each with its verbs (areas without one are left out). */
export function PermissionSummary({ permissions }: { permissions: readonly PermissionName[] }) {
  const { t } = useTranslation();
  const held = new Set(permissions);
  const rows = STAFF_PERMISSION_AREAS.map((area) => ({
    area,
    verbs: areaPermissions(area).filter((p) => held.has(p)),
  })).filter((r) => r.verbs.length > 0);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="user-no-permissions">
        {t("users.details.noPermissions")}
      </Text>
    );
  return (
    <Table withTableBorder striped data-testid="user-permission-summary">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("users.details.area")}</Table.Th>
          <Table.Th>{t("users.details.allowed")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.area} data-area={r.area}>
            <Table.Td>{t(`users.areas.${r.area}`)}</Table.Td>
            <Table.Td>
              {r.verbs
                .map((p) => t(`users.verbs.${permissionVerb(p) as "view"}`))
                .join(t("users.details.separator"))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A staff user's details (back-office.md "Users": details with permissions, edit and delete modals): the fields,
 * the permissions by area, Edit, Delete (after confirmation) and, while the user has not activated the account,
 * Resend activation e-mail.
 */
export function UserDetailsModal(props: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const rights = useUserRights();
  const query = useUser(props.id);
  const remove = useDeleteUser();
  const resend = useResendActivation();
  const [editing, setEditing] = useState(false);
  const [delOpen, del] = useDisclosure(false);
  const f = (key: string) => t(`users.details.fields.${key as "id"}`);

  const u = query.data;
  const title = u
    ? editing
      ? t("users.form.editTitle")
      : t("users.details.title", { name: fullName(u) || u.username })
    : t("users.title");

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(props.id);
      toast.success(t("users.messages.deleted"));
      del.close();
      props.onClose();
    } catch (err) {
      toast.error(failureText(err, t));
    }
  };
  const sendAgain = async () => {
    try {
      await resend.mutateAsync({ id: props.id, lang });
      toast.success(t("users.messages.activationSent"));
    } catch (err) {
      toast.error(failureText(err, t));
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={title}
      size="xl"
      closeButtonProps={{ "aria-label": t("users.details.close") }}
      data-testid="user-details"
    >
      {query.isPending ? (
        <Skeleton height={240} />
      ) : query.isError || !u ? (
        <DetailsError
          title={t("users.title")}
          testId="user-details-error"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : editing ? (
        <UserForm user={u} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
      ) : (
        <Stack data-testid="user-details-body" data-user-id={u.id}>
          <DetailGrid
            items={[
              { key: "id", label: f("id"), value: u.id },
              { key: "name", label: f("name"), value: fullName(u) },
              { key: "username", label: f("username"), value: <bdi>{u.username}</bdi> },
              { key: "email", label: f("email"), value: <bdi>{u.email}</bdi> },
              { key: "state", label: f("state"), value: <StateBadge user={u} /> },
              { key: "date_created", label: f("dateCreated"), value: dateTime(u.date_created) },
              {
                key: "last_login_at",
                label: f("lastLogin"),
                value: u.last_login_at ? dateTime(u.last_login_at) : t("users.details.never"),
              },
            ]}
          />
          <Text fw={600} size="sm">
            {t("users.details.permissions")}
          </Text>
          <PermissionSummary permissions={u.permissions} />
          <Group justify="flex-end">
            {u.state === "pending" && rights.canCreate ? (
              <Button
                variant="default"
                onClick={() => void sendAgain()}
                loading={resend.isPending}
                data-testid="user-resend"
              >
                {t("users.details.resend")}
              </Button>
            ) : null}
            {rights.canUpdate ? (
              <Button variant="default" onClick={() => setEditing(true)} data-testid="user-edit">
                {t("users.details.edit")}
              </Button>
            ) : null}
            {rights.canDelete && !u.is_self ? (
              <Button variant="outline" color="red.9" onClick={del.open} data-testid="user-delete">
                {t("users.details.delete")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={delOpen}
        onClose={del.close}
        title={t("users.delete.title")}
        body={t("users.delete.body", { name: u ? fullName(u) || u.username : "" })}
        confirmLabel={t("users.delete.confirm")}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        testId="user-delete-modal"
      />
    </Modal>
  );
}
