import { describe, expect, it } from "vitest";
import { linkify } from "./linkify.ts";

describe("linkify", () => {
  it("finds links in e-mail text and leaves the rest as text", () => {
    expect(
      linkify("Open http://localhost:8080/portal2/en/reset-password?token=abc. It expires in 1 hour."),
    ).toEqual([
      { kind: "text", text: "Open " },
      { kind: "link", href: "http://localhost:8080/portal2/en/reset-password?token=abc" },
      { kind: "text", text: ". It expires in 1 hour." },
    ]);
  });
  it("handles several links, none, and a link at the end", () => {
    expect(linkify("no links")).toEqual([{ kind: "text", text: "no links" }]);
    expect(linkify("https://a.example/x\nhttps://b.example/y")).toEqual([
      { kind: "link", href: "https://a.example/x" },
      { kind: "text", text: "\n" },
      { kind: "link", href: "https://b.example/y" },
    ]);
  });
  it("ignores other schemes", () => {
    expect(linkify("javascript:alert(1)")).toEqual([{ kind: "text", text: "javascript:alert(1)" }]);
  });
});
