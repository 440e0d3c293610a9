import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { BRANCH_LIMITS, type BranchInput, branchInputSchema } from "@portal/domain/api/pos";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { type BranchItem, useSaveBranch } from "../../api/pos.api.ts";
import { toast } from "../../app/toast.ts";
import { posProblem } from "./posMessages.ts";

type Values = { branch_name: string; branch_id: string; city: string; address: string };
const FIELDS = ["branch_name", "branch_id", "city", "address"] as const;
const MAX: Record<(typeof FIELDS)[number], number> = {
  branch_name: BRANCH_LIMITS.name,
  branch_id: BRANCH_LIMITS.code,
  city: BRANCH_LIMITS.city,
  address: BRANCH_LIMITS.address,
};

/**
 * The add and edit branch dialogs (spec section 2 and 3 "Branch": every field required): the spec's 'Add Branches
 * Successfully' and 'Edit Branchs Successfully' on success; a refused field shows its message, any other failure
 * the spec's 'There seems to be an error while updating the user permissions.'.
 */
export function BranchDialog(props: { branch?: BranchItem | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = props.branch !== undefined;
  const save = useSaveBranch(props.branch?.id);
  const form = useForm<Values>({
    resolver: zodResolver(branchInputSchema as never),
    defaultValues: {
      branch_name: props.branch?.branch_name ?? "",
      branch_id: props.branch?.branch_id ?? "",
      city: props.branch?.city ?? "",
      address: props.branch?.address ?? "",
    },
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const problem = (message: string | undefined) => {
    const key = posProblem(message);
    return key ? t(`pos.validation.${key as "required"}`) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const body: BranchInput = values;
      await save.mutateAsync(body);
      toast.success(editing ? t("pos.branches.edited") : t("pos.branches.added"));
      props.onClose();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fields).length > 0) {
        for (const field of FIELDS) {
          const message = err.fields[field]?.[0];
          if (message) form.setError(field, { message });
        }
        return;
      }
      toast.error(t("pos.updateFailed"));
    }
  });

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={editing ? t("pos.branches.editTitle") : t("pos.branches.addTitle")}
      closeButtonProps={{ "aria-label": t("pos.cancel") }}
      data-testid="branch-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`pos.branches.fields.${field}`)}
              required
              maxLength={MAX[field]}
              {...(field === "branch_id" ? { dir: "ltr" } : {})}
              {...form.register(field)}
              error={problem(errors[field]?.message)}
              data-testid={`branch-${field}`}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("pos.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="branch-submit">
              {editing ? t("pos.save") : t("pos.branches.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
