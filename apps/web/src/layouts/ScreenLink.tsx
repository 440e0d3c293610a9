import { Link } from "@tanstack/react-router";
import { forwardRef, type ReactNode } from "react";
import type { Lang } from "../i18n/language.ts";
import type { ScreenKey } from "../navigation/screens.ts";
import { screenTo } from "../navigation/screenTo.ts";

/** A router link to a dashboard screen, usable as the `component` of Mantine's NavLink, Menu.Item and Button. */
export const ScreenLink = forwardRef<
  HTMLAnchorElement,
  { screen: ScreenKey; lang: Lang; children?: ReactNode; className?: string; onClick?: () => void }
>(function ScreenLink({ screen, lang, ...rest }, ref) {
  return <Link ref={ref} to={screenTo(screen)} params={{ lang }} {...rest} />;
});
