import { em, getBreakpointValue, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type Layout, layoutFor } from "@portal/domain/profiles";
import { useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { type Session, useSession } from "../auth/session.ts";
import { isLang, type Lang } from "../i18n/language.ts";
import { type MenuKind, menuKindFor, type Viewer } from "../navigation/screens.ts";

export interface Dashboard {
  session: Session;
  lang: Lang;
  layout: Layout;
  menu: MenuKind;
  viewer: Viewer;
  /** The path after /portal2/{lang}/, e.g. "transactions". */
  subPath: string;
}

/** What every part of the signed-in shell needs; only used below the app route, where a session exists. */
export function useDashboard(): Dashboard {
  const session = useSession();
  const { i18n } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!session) throw new Error("useDashboard outside a signed-in route");
  const lang: Lang = isLang(i18n.language) ? i18n.language : "en";
  const parts = pathname.split("/").filter(Boolean);
  if (isLang(parts[0])) parts.shift();
  return {
    session,
    lang,
    layout: layoutFor(session.type, session.acq_partner !== null),
    menu: menuKindFor(session.type),
    viewer: { profileType: session.type, permNames: session.permNames },
    subPath: parts.join("/"),
  };
}

/** True from Mantine's "sm" breakpoint up, where the side menu is always shown. Computed at once, not in an effect. */
export function useWideScreen(): boolean {
  const theme = useMantineTheme();
  const query = `(min-width: ${em(getBreakpointValue("sm", theme.breakpoints))})`;
  return useMediaQuery(query, true, { getInitialValueInEffect: false }) ?? true;
}
