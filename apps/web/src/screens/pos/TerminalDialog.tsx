import { Alert, Button, Group, Modal, Select, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import {
  type CreatedTerminal,
  type TerminalItem,
  useAddTerminal,
  useAllBranches,
  useEditTerminal,
} from "../../api/pos.api.ts";
import { toast } from "../../app/toast.ts";

/**
 * The 'Terminal Device' dialog (spec section 2): the branch the terminal belongs to. Editing answers the spec's
 * 'Update Terminal Successfully', or 'There seems to be an error while updating the user permissions.' on failure.
 * Adding (no terminal) hands the new terminal, with its keys, to `onCreated`.
 */
export function TerminalDialog(props: {
  terminal?: TerminalItem | undefined;
  onClose: () => void;
  onCreated?: (created: CreatedTerminal) => void;
}) {
  const { t } = useTranslation();
  const branches = useAllBranches();
  const add = useAddTerminal();
  const edit = useEditTerminal(props.terminal?.id ?? 0);
  const [branch, setBranch] = useState<string | null>(
    props.terminal?.branch !== null && props.terminal?.branch !== undefined
      ? String(props.terminal.branch)
      : null,
  );
  const [error, setError] = useState<string | null>(null);
  const busy = add.isPending || edit.isPending;

  const submit = async () => {
    if (!branch) {
      setError(t("pos.validation.required"));
      return;
    }
    setError(null);
    try {
      if (props.terminal) {
        await edit.mutateAsync(Number(branch));
        toast.success(t("pos.terminals.updated"));
        props.onClose();
      } else {
        const created = await add.mutateAsync(Number(branch));
        toast.success(t("pos.terminals.added"));
        props.onCreated?.(created);
      }
    } catch (err) {
      if (isApiError(err) && err.fields.branch) {
        setError(t("pos.validation.required"));
        return;
      }
      toast.error(t("pos.updateFailed"));
    }
  };

  const options = (branches.data?.results ?? []).map((b) => ({
    value: String(b.id),
    label: `${b.branch_name} (${b.branch_id})`,
  }));
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.terminal ? t("pos.terminals.dialogTitle") : t("pos.terminals.addTitle")}
      closeButtonProps={{ "aria-label": t("pos.cancel") }}
      data-testid="terminal-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          {props.terminal ? (
            <Alert color="gray" variant="light">
              {t("pos.terminals.dialogFor", { id: props.terminal.terminal_id })}
            </Alert>
          ) : null}
          {branches.isSuccess && options.length === 0 ? (
            <Alert color="yellow" data-testid="terminal-no-branches">
              {t("pos.terminals.noBranches")}
            </Alert>
          ) : null}
          <Select
            label={t("pos.terminals.fields.branch")}
            required
            data={options}
            value={branch}
            onChange={setBranch}
            searchable
            nothingFoundMessage={t("pos.noOptions")}
            error={error}
            disabled={branches.isPending}
            data-testid="terminal-branch"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("pos.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="terminal-submit">
              {props.terminal ? t("pos.save") : t("pos.terminals.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
