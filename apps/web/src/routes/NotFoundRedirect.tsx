import { Navigate } from "@tanstack/react-router";
import { currentLang } from "../app/navigation.ts";

/** The catch-all home (spec section 2): an unknown path goes to /{lang}, which sends on to login or the landing. */
export function NotFoundRedirect() {
  return <Navigate to="/{-$lang}" params={{ lang: currentLang() }} replace />;
}
