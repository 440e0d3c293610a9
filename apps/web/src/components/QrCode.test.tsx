import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderInApp, useLanguage } from "../test/render.tsx";
import { QrCode } from "./QrCode.tsx";

describe("QrCode", () => {
  beforeAll(() => useLanguage("en"));

  it("draws the URL as a named PNG image with a download of a safe file name", async () => {
    renderInApp(<QrCode url="https://pay.example/l/abc" label="QR code of link 7" fileName="link 7/../x" />);
    const image = await waitFor(() => screen.getByRole("img", { name: "QR code of link 7" }));
    expect(image.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    const download = screen.getByTestId("qr-code-download");
    expect(download.getAttribute("download")).toBe("link-7-x.png");
    expect(download.getAttribute("href")).toBe(image.getAttribute("src"));
    expect(download.getAttribute("aria-label")).toBe("Download QR code of link 7 as PNG");
    expect(screen.getByTestId("qr-code").getAttribute("data-url")).toBe("https://pay.example/l/abc");
  });
});
