import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { type Lang, langFrom, TEXTS } from "./texts.ts";

function App() {
  const [lang, setLang] = useState<Lang>(() => langFrom(window.location.search));
  const t = TEXTS[lang];
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === "ar" ? "rtl" : "ltr";
    document.title = t.title;
  }, [lang, t.title]);
  return (
    <main
      style={{
        maxWidth: 480,
        margin: "48px auto",
        padding: 24,
        fontFamily: "system-ui, 'Noto Sans Arabic', Tahoma, sans-serif",
      }}
    >
      <h1 style={{ fontSize: 24 }}>{t.title}</h1>
      <p>{t.nothing}</p>
      <button type="button" onClick={() => setLang(lang === "ar" ? "en" : "ar")}>
        {t.switchTo}
      </button>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
