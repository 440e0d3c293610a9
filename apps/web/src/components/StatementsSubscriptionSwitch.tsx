import { Loader, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSetStatementSubscription, useStatementSubscription } from "../api/statements.api.ts";
import { toast } from "../app/toast.ts";

/**
 * The MONTHLY STATEMENT service switch (merchant-dashboard.md "statements subscription on/off"): on, the merchant's
 * statement of each month is built on the 1st of the next month and e-mailed. Shared by the Statements page and
 * the Settings page; the server allows it to whoever may view reports (docs/settings.md "Monthly statements").
 */
export function StatementsSubscriptionSwitch({ testId = "statements-subscription" }: { testId?: string }) {
  const { t } = useTranslation();
  const current = useStatementSubscription();
  const save = useSetStatementSubscription();
  if (current.isPending) return <Loader size="sm" aria-label={t("statements.subscription.loading")} />;
  if (current.isError)
    return (
      <Text size="sm" c="red.8" role="alert" data-testid={`${testId}-error`}>
        {t("statements.subscription.error")}
      </Text>
    );
  const change = async (active: boolean) => {
    try {
      await save.mutateAsync(active);
      toast.success(t("statements.subscription.saved"));
    } catch {
      // The query client's error handler shows the server's message.
    }
  };
  return (
    <Switch
      checked={save.isPending && save.variables !== undefined ? save.variables : current.data.active}
      onChange={(e) => void change(e.currentTarget.checked)}
      disabled={save.isPending}
      label={t("statements.subscription.label")}
      description={t("statements.subscription.body")}
      data-testid={testId}
    />
  );
}
