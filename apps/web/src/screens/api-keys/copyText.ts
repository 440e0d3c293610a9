/**
 * Copies a text to the clipboard: the Clipboard API where the page may use it, else a hidden text area and the
 * older copy command. Answers whether it worked.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the copy command (no permission, or the document is not focused)
    }
  }
  const area = doc.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.insetInlineStart = "-9999px";
  doc.body.appendChild(area);
  area.select();
  try {
    return doc.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export type KeyRowKind = "secret" | "public" | "api" | "hmac";

/** The permission a key's Refresh needs (merchant-dashboard.md section 6; the server checks it too). */
export function recreatePermission(kind: KeyRowKind): string {
  return kind === "api" ? "can recreate api key" : "can recreate public secret keys";
}
