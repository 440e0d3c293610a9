import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { setRequestLanguage, setUnauthorizedHandler } from "./api/client.ts";
import { loadAppConfig } from "./app/config.ts";
import { currentLang } from "./app/navigation.ts";
import { Providers } from "./app/Providers.tsx";
import { toast } from "./app/toast.ts";
import { restoreSession } from "./auth/signIn.ts";
import { sessionExpired } from "./auth/signOut.ts";
import { textsNeededFor } from "./i18n/catalogueParts.ts";
import { i18n, initI18n } from "./i18n/i18n.ts";
import { BASE_PATH } from "./i18n/language.ts";
import { router } from "./routes/router.tsx";

async function start() {
  const lang = currentLang();
  setRequestLanguage(lang);
  setUnauthorizedHandler(() => sessionExpired());
  const { pathname, search } = window.location;
  // ?sdi with the switch cookie: sign in with the other dashboard's token, then land (spec section 2). The code
  // for it loads only when the URL asks, so the sign-in page does not carry it.
  const session = search.includes("sdi")
    ? import("./auth/switchDashboards.ts")
        .then((m) => m.switchFromUrl(lang, pathname, search))
        .then(restoreSession)
    : restoreSession();
  const texts = textsNeededFor(window.location.pathname.slice(BASE_PATH.length));
  const [, , restored] = await Promise.all([initI18n(lang, texts), loadAppConfig(), session]);

  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Providers lang={lang}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  if (restored === "expired") setTimeout(() => toast.warning(i18n.t("messages.sessionExpired")), 0);
}

void start();
