import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { DirectionProvider, MantineProvider } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import type { Lang } from "../i18n/language.ts";
import { dirOf } from "../i18n/language.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

const Toasts = lazy(() => import("./Toasts.tsx"));

/** Mantine with the provider theme, the direction of the language, and the toast container. */
export function Providers({ lang, children }: { lang: Lang; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={dirOf(lang)} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
