/** Splits a plain-text e-mail into text and http(s) links, so the mailbox page can make them clickable. */
export type Piece = { kind: "text"; text: string } | { kind: "link"; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

export function linkify(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let href = match[0];
    // A sentence's closing punctuation is not part of the link.
    const trailing = /[.,;:!?)\]]+$/.exec(href)?.[0] ?? "";
    href = href.slice(0, href.length - trailing.length);
    const start = match.index ?? 0;
    if (start > last) pieces.push({ kind: "text", text: text.slice(last, start) });
    pieces.push({ kind: "link", href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ kind: "text", text: text.slice(last) });
  return pieces;
}
