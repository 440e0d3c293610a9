import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import ar from "../../i18n/ar.json";
import en from "../../i18n/en.json";
import { embedSnippet } from "./IframePreviewModal.tsx";
import { iframeErrorText } from "./iframeErrors.ts";

describe("iframes screen parts", () => {
  it("writes the embed code with the published link, the sandbox and an escaped title", () => {
    const snippet = embedSnippet({
      link: "https://portal.example/checkout/iframes/AbCdEfGhIjKlMnOpQrStUvWxYz012345",
      name: 'Offers "<b>now</b>" & more',
    });
    expect(snippet).toBe(
      '<iframe src="https://portal.example/checkout/iframes/AbCdEfGhIjKlMnOpQrStUvWxYz012345" title="Offers &#34;&#60;b&#62;now&#60;/b&#62;&#34; &#38; more" sandbox="allow-scripts" width="100%" height="400" style="border:0"></iframe>',
    );
  });

  it("shows the limit's 403 with the support address in the page's language, anything else as the generic text", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en }, ar: { translation: ar } } });
    const limit = new ApiError("http", 403, {
      code: "iframe_limit",
      detail: "Cannot create more than 10 iframes",
    });
    expect(iframeErrorText(limit, i18n.t, "help@provider.example")).toBe(
      "Cannot create more than 10 iframes; contact support at help@provider.example.",
    );
    await i18n.changeLanguage("ar");
    expect(iframeErrorText(limit, i18n.t, "help@provider.example")).toBe(
      "لا يمكن إنشاء أكثر من 10 إطارات؛ تواصل مع الدعم على help@provider.example.",
    );
    const other = new ApiError("http", 403, { code: "forbidden" });
    expect(iframeErrorText(other, i18n.t, "help@provider.example")).toBe(ar.messages.generic);
    expect(iframeErrorText(new ApiError("network", 0, undefined), i18n.t, undefined)).toBe(
      ar.messages.generic,
    );
  });
});
