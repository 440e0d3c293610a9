import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { type CustomerEdit, customerEditSchema } from "@portal/domain/api/customers";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type CustomerDetails, useEditCustomer } from "../../api/customers.api.ts";
import { isApiError } from "../../api/errors.ts";
import { toast } from "../../app/toast.ts";
import { customerProblem } from "./customerForm.ts";

type Values = { name: string; email: string; phone: string };

/**
 * Edit a customer (back-office.md "Customers": edit modal): name, e-mail and phone with the spec's messages,
 * shown once a field has been changed (and all on submit); a taken e-mail or phone comes back from the server
 * on its field. Nothing is saved unless every field is right.
 */
export function EditCustomerModal(props: { customer: CustomerDetails; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditCustomer(props.customer.id);
  const form = useForm<Values>({
    // The schema turns blank e-mail and phone into null; the form keeps strings.
    resolver: zodResolver(customerEditSchema as never),
    defaultValues: {
      name: props.customer.name,
      email: props.customer.email ?? "",
      phone: props.customer.phone ?? "",
    },
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const problem = (message: string | undefined) => {
    if (!message) return undefined;
    const key = customerProblem(message);
    return key ? t(`customers.validation.${key}`) : t("messages.generic");
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const body: CustomerEdit = { name: values.name, email: values.email, phone: values.phone };
      await edit.mutateAsync(body);
      toast.success(t("customers.validation.saved"));
      props.onClose();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fields).length > 0) {
        for (const field of ["name", "email", "phone"] as const) {
          const message = err.fields[field]?.[0];
          if (message) form.setError(field, { message });
        }
        return;
      }
      toast.error(t("messages.generic"));
    }
  });

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t("customers.edit.title")}
      closeButtonProps={{ "aria-label": t("customers.edit.cancel") }}
      data-testid="customer-edit-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t("customers.fields.name")}
            required
            maxLength={200}
            {...form.register("name")}
            error={problem(errors.name?.message)}
            data-testid="customer-edit-name"
          />
          <TextInput
            label={t("customers.fields.email")}
            type="email"
            dir="ltr"
            maxLength={254}
            {...form.register("email")}
            error={problem(errors.email?.message)}
            data-testid="customer-edit-email"
          />
          <TextInput
            label={t("customers.fields.phone")}
            type="tel"
            dir="ltr"
            maxLength={20}
            description={t("customers.edit.phoneHint")}
            {...form.register("phone")}
            error={problem(errors.phone?.message)}
            data-testid="customer-edit-phone"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("customers.edit.cancel")}
            </Button>
            <Button type="submit" loading={edit.isPending} data-testid="customer-edit-submit">
              {t("customers.edit.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
