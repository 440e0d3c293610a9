import { createContext, Fragment, type ReactNode, useContext } from "react";
import type { Lang, Texts } from "./texts.ts";

export interface I18n {
  lang: Lang;
  t: Texts;
}

export const I18nContext = createContext<I18n | null>(null);

/**
 * Fills "{name}" placeholders with elements: rich(t.hint, {card: <span dir="ltr">...</span>}) keeps a card
 * number whole and left to right inside an Arabic sentence (Unicode isolate characters are not enough there).
 */
export function rich(template: string, values: Record<string, ReactNode>): ReactNode {
  return template.split(/\{(\w+)\}/).map((part, i) =>
    // Odd parts are placeholder names; the template is fixed, so the index is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed template never move.
    i % 2 === 1 ? <Fragment key={i}>{values[part] ?? `{${part}}`}</Fragment> : part,
  );
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nContext");
  return value;
}
