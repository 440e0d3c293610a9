import { createHash, randomBytes } from "node:crypto";
import {
  IFRAME_LIMITS,
  IFRAME_MESSAGES,
  type Iframe,
  type IframeInput,
  type IframeSummary,
  iframeDocumentPath,
  interpolate,
} from "@portal/domain";
import { HttpError } from "../http/errors.ts";
import type { IframeRow, IframeSummaryRow } from "./iframes.repository.ts";

/** A new public id: 24 random bytes as 32 characters of base64url (192 bits: unguessable). */
export function newIframePublicId(): string {
  return randomBytes(24).toString("base64url");
}

/** The published document's absolute URL. */
export function iframeLink(publicUrl: string, publicId: string): string {
  return `${publicUrl}${iframeDocumentPath(publicId)}`;
}

export function iframeSummaryAnswer(row: IframeSummaryRow, publicUrl: string): IframeSummary {
  return {
    id: Number(row.id),
    public_id: row.public_id,
    name: row.name,
    description: row.description,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    link: iframeLink(publicUrl, row.public_id),
  };
}

export function iframeAnswer(row: IframeRow, publicUrl: string): Iframe {
  return {
    ...iframeSummaryAnswer(row, publicUrl),
    html: row.html,
    javascript: row.javascript,
    css: row.css,
  };
}

/** What an iframe stores, checked. */
export interface IframeValues {
  name: string;
  description: string | null;
  html: string;
  javascript: string;
  css: string;
}

/**
 * Checks an iframe's fields (the stored one's values for those left out): a name is required, every field is at
 * most its documented length. All problems at once, in `fields`; nothing is written on a 400.
 */
export function iframeValues(input: IframeInput, current?: IframeValues): IframeValues {
  const pick = <K extends keyof IframeValues>(key: K, fallback: IframeValues[K]): IframeValues[K] =>
    (input[key] === undefined ? (current?.[key] ?? fallback) : input[key]) as IframeValues[K];
  const name = pick("name", "").trim();
  const description = pick("description", null)?.trim() || null;
  const values: IframeValues = {
    name,
    description,
    html: pick("html", ""),
    javascript: pick("javascript", ""),
    css: pick("css", ""),
  };
  const fields: Record<string, string[]> = {};
  if (!name) fields.name = [IFRAME_MESSAGES.required];
  for (const key of ["name", "description", "html", "javascript", "css"] as const) {
    const max = IFRAME_LIMITS[key];
    if ((values[key]?.length ?? 0) > max) fields[key] = [interpolate(IFRAME_MESSAGES.tooLong, { max })];
  }
  if (Object.keys(fields).length > 0)
    throw new HttpError(400, "invalid", "Please check the highlighted fields.", fields);
  return values;
}

/** The copy's name: the one asked for, or the original's with " (copy)", within the name's limit. */
export function duplicateName(original: string, asked: string | undefined): string {
  const name = asked?.trim() || `${original} (copy)`;
  return name.slice(0, IFRAME_LIMITS.name);
}

// ---------------------------------------------------------------------------------------------- the document

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Keeps the merchant's JavaScript and CSS inside their elements: a "</script" or "</style" (any case) would end
 * the element early, and "<!--" changes how a script's text is parsed. Their escaped forms mean the same in a
 * string, a regular expression or a comment (the only places they can legitimately appear).
 */
const scriptText = (js: string) => js.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
const styleText = (css: string) => css.replace(/<\/(style)/gi, "<\\/$1");

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The published document and its Content-Security-Policy. */
export interface IframeDocument {
  html: string;
  csp: string;
}

/**
 * The iframe as a page of its own: the merchant's CSS in a <style>, the HTML in the body, the JavaScript in one
 * <script> at its end. Its policy (docs/settings.md "Iframes"):
 * - `sandbox allow-scripts` without allow-same-origin: the document has an opaque origin even when opened
 *   directly, so it reaches no cookie, storage or DOM of the portal, and sends no credentialed same-origin call;
 * - `default-src 'none'`: no fetch, XHR, WebSocket, frame, object, media or worker;
 * - `script-src` the hash of the merchant's one script only (none when empty): scripts and event-handler
 *   attributes written in the HTML do not run;
 * - styles inline only; images from https and data: URLs; fonts from data: URLs;
 * - no <base>, no form submission; framable by the portal itself (the preview) and any https page (the merchant's
 *   site embeds it; the page holds nothing of the portal).
 */
export function iframeDocument(iframe: { name: string; html: string; javascript: string; css: string }) {
  const js = iframe.javascript.trim() ? scriptText(iframe.javascript) : "";
  const css = styleText(iframe.css);
  const html = [
    "<!doctype html>",
    '<html><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(iframe.name)}</title>`,
    `<style>${css}</style>`,
    `</head><body>${iframe.html}`,
    js ? `<script>${js}</script>` : "",
    "</body></html>",
  ].join("");
  const csp = [
    "default-src 'none'",
    `script-src ${js ? sha256(js) : "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src data: https:",
    "font-src data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self' https:",
    "sandbox allow-scripts",
  ].join("; ");
  return { html, csp } satisfies IframeDocument;
}
