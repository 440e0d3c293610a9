import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { DirectionProvider, MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import type { Lang } from "../i18n/language.ts";
import { dirOf } from "../i18n/language.ts";
import { cssVariablesResolver, theme } from "./theme.ts";
import { useToastContainer } from "./toast.ts";

/** Mantine with the provider theme, the direction of the language, and the toast container (after the first toast). */
export function Providers({ lang, children }: { lang: Lang; children: ReactNode }) {
  const Toasts = useToastContainer();
  return (
    <DirectionProvider initialDirection={dirOf(lang)} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        {Toasts ? <Toasts /> : null}
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
