import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./PageTitle.module.css";

/** The page title bar (partner layouts colour it through --portal-title-* variables). */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" className={classes.titleBar} wrap="wrap">
      <Title order={1} size="h2" className={classes.title}>
        {title}
      </Title>
      {children ? <Group gap="xs">{children}</Group> : null}
    </Group>
  );
}
