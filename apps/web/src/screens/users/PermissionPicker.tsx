import { Checkbox, Fieldset, Group, SimpleGrid, Text } from "@mantine/core";
import type { PermissionName } from "@portal/domain";
import { areaPermissions, permissionVerb, STAFF_PERMISSION_AREAS } from "@portal/domain/api/users";
import { useTranslation } from "react-i18next";

/**
 * The per-area permission check boxes (back-office.md section 6: orders, products, quickLinks, apiKey,
 * publicSecretKeys, transactions, paymentIntegrations, iframes, users, transfers, with the spec's labels). A
 * permission the caller does not hold is shown but cannot be changed: nobody grants or takes away more than they
 * hold (the server refuses it too).
 */
export function PermissionPicker(props: {
  value: PermissionName[];
  onChange: (next: PermissionName[]) => void;
  holds: (name: string) => boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const chosen = new Set(props.value);
  const toggle = (name: PermissionName, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    props.onChange([...next]);
  };
  return (
    <Fieldset
      legend={t("users.form.permissions")}
      data-testid="user-permissions"
      aria-describedby={props.error ? "user-permissions-error" : undefined}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {STAFF_PERMISSION_AREAS.map((area) => {
          const names = areaPermissions(area);
          const areaLabel = t(`users.areas.${area}`);
          return (
            <Fieldset key={area} variant="unstyled" legend={areaLabel} data-area={area}>
              <Group gap="sm" mt={4}>
                {names.map((name) => {
                  const held = props.holds(name);
                  return (
                    <Checkbox
                      key={name}
                      size="sm"
                      label={t(`users.verbs.${permissionVerb(name) as "view"}`)}
                      checked={chosen.has(name)}
                      disabled={!held}
                      title={held ? undefined : t("users.form.notHeld")}
                      onChange={(e) => toggle(name, e.currentTarget.checked)}
                      data-testid={`perm-${name.replaceAll(" ", "-")}`}
                    />
                  );
                })}
              </Group>
            </Fieldset>
          );
        })}
      </SimpleGrid>
      {props.error ? (
        <Text
          c="red.8"
          size="sm"
          mt="sm"
          id="user-permissions-error"
          role="alert"
          data-testid="user-permissions-error"
        >
          {props.error}
        </Text>
      ) : null}
    </Fieldset>
  );
}
