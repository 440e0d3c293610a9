import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { I18nContext } from "./i18n.tsx";
import { setParam, useWhere } from "./nav.ts";
import { PayPage } from "./pages/pay.tsx";
import { UnifiedPage } from "./pages/unified.tsx";
import { type Lang, langFrom, TEXTS } from "./texts.ts";
import { Icon, Loading, Problem } from "./ui.tsx";

const WalletPage = lazy(() => import("./pages/wallet.tsx"));
const ResultPage = lazy(() => import("./pages/result.tsx"));
const ProductPage = lazy(() => import("./pages/product.tsx"));
const LinkPage = lazy(() => import("./pages/link.tsx"));
const RequestPage = lazy(() => import("./pages/request.tsx"));
const LendingPage = lazy(() => import("./pages/lending.tsx"));

/** The checkout app: the language, the page chrome and one page per path under /checkout/. */
export function App() {
  const where = useWhere();
  const [lang, setLang] = useState<Lang>(() => langFrom(window.location.search, navigator.languages));
  const t = TEXTS[lang];
  const i18n = useMemo(() => ({ lang, t }), [lang, t]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === "ar" ? "rtl" : "ltr";
    document.title = t.title;
  }, [lang, t.title]);

  const switchLanguage = () => {
    const next: Lang = lang === "ar" ? "en" : "ar";
    setParam("lang", next);
    setLang(next);
  };

  let page: React.ReactNode;
  switch (where.path) {
    case "/pay":
      page = <PayPage key={where.params.toString()} token={where.params.get("payment_token")} />;
      break;
    case "/unified":
      page = <UnifiedPage key={where.params.toString()} params={where.params} />;
      break;
    case "/wallet":
      page = <WalletPage key={where.params.toString()} params={where.params} state={where.state} />;
      break;
    case "/result":
      page = <ResultPage key={where.params.toString()} params={where.params} state={where.state} />;
      break;
    case "/link":
      page = <LinkPage key={where.params.toString()} params={where.params} />;
      break;
    case "/lending":
      page = <LendingPage key={where.params.get("lender") ?? ""} lender={where.params.get("lender")} />;
      break;
    case "/request":
      page = <RequestPage key={where.params.toString()} params={where.params} />;
      break;
    case "/product":
      page = <ProductPage key={where.params.toString()} id={where.params.get("id")} />;
      break;
    default:
      page = <Problem kind="missing" />;
  }

  return (
    <I18nContext.Provider value={i18n}>
      <div className="page">
        <header className="topbar">
          <span className="secure-mark">
            <Icon name="lock" />
            {t.title}
          </span>
          <button
            type="button"
            className="link-button"
            lang={lang === "ar" ? "en" : "ar"}
            onClick={switchLanguage}
            data-testid="language-switch"
          >
            {t.switchTo}
          </button>
        </header>
        <main className="content">
          <Suspense fallback={<Loading />}>{page}</Suspense>
        </main>
        <footer className="footer">
          <p>{t.secure}</p>
        </footer>
      </div>
    </I18nContext.Provider>
  );
}
