import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { USER_LIMITS } from "@portal/domain/api/users";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { messageOf } from "../../api/reportError.ts";
import { type StaffUser, useAddUser, useUpdateUser } from "../../api/users.api.ts";
import { toast } from "../../app/toast.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { PermissionPicker } from "./PermissionPicker.tsx";
import { useUserRights } from "./rights.ts";
import {
  checkUser,
  serverProblems,
  type UserField,
  type UserFormValues,
  type UserProblems,
} from "./userForm.ts";

/**
 * The add and edit modals' form (back-office.md "Users"): first and last name, e-mail (add only: it is the user's
 * username) and the per-area permissions. A new user may have none; an edit needs one at least.
 */
export function UserForm(props: {
  user?: StaffUser;
  onSaved: (user: StaffUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const rights = useUserRights();
  const editing = props.user !== undefined;
  const add = useAddUser();
  const update = useUpdateUser(props.user?.id ?? 0);
  const [values, setValues] = useState<UserFormValues>(() => ({
    firstName: props.user?.first_name ?? "",
    lastName: props.user?.last_name ?? "",
    email: props.user?.email ?? "",
    permissions: props.user?.permissions ?? [],
  }));
  const [problems, setProblems] = useState<UserProblems>({});
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key as UserField]: undefined }));
  };
  const problem = (field: UserField) => {
    const key = problems[field];
    if (!key) return undefined;
    return key === "emailRegistered" ? t("errors.email_registered") : t(`users.errors.${key}`);
  };
  const pending = add.isPending || update.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkUser(values, editing);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = editing
        ? await update.mutateAsync({
            first_name: values.firstName,
            last_name: values.lastName,
            permissions: values.permissions,
          })
        : await add.mutateAsync({
            first_name: values.firstName,
            last_name: values.lastName,
            email: values.email.trim(),
            permissions: values.permissions,
            lang,
          });
      toast.success(editing ? t("users.messages.updated") : t("users.messages.created"));
      props.onSaved(saved);
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      const fromServer = serverProblems(err);
      if (fromServer) setProblems(fromServer);
      // The spec's message for a failed permission update; the answer's own (translated) for a failed add.
      else
        toast.error(
          editing || (isApiError(err) && err.code === "permissions_update_failed")
            ? t("errors.permissions_update_failed")
            : messageOf(err),
        );
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack>
        <Group grow align="flex-start">
          <TextInput
            label={t("users.form.firstName")}
            required
            value={values.firstName}
            onChange={(e) => set("firstName", e.currentTarget.value)}
            error={problem("firstName")}
            maxLength={USER_LIMITS.name}
            autoComplete="off"
            data-testid="user-first-name"
          />
          <TextInput
            label={t("users.form.lastName")}
            value={values.lastName}
            onChange={(e) => set("lastName", e.currentTarget.value)}
            error={problem("lastName")}
            maxLength={USER_LIMITS.name}
            autoComplete="off"
            data-testid="user-last-name"
          />
        </Group>
        {editing ? (
          <Text size="sm" data-testid="user-email-fixed">
            {t("users.form.email")}: <bdi>{values.email}</bdi>
          </Text>
        ) : (
          <TextInput
            label={t("users.form.email")}
            description={t("users.form.emailHint")}
            required
            type="email"
            dir="ltr"
            value={values.email}
            onChange={(e) => set("email", e.currentTarget.value)}
            error={problem("email")}
            maxLength={USER_LIMITS.email}
            autoComplete="off"
            data-testid="user-email"
          />
        )}
        <PermissionPicker
          value={values.permissions}
          onChange={(next) => set("permissions", next)}
          holds={rights.holds}
          error={problem("permissions")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-testid="user-cancel">
            {t("users.form.cancel")}
          </Button>
          <Button type="submit" loading={pending} data-testid="user-save">
            {t("users.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
