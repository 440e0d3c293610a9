import { SCREENS, type ScreenKey } from "./screens.ts";

/** The route path of a screen, as the typed router knows it ("/{-$lang}/transactions"). */
export type ScreenTo<K extends ScreenKey = ScreenKey> = `/{-$lang}/${(typeof SCREENS)[K]["path"]}`;

export function screenTo<K extends ScreenKey>(key: K): ScreenTo<K> {
  return `/{-$lang}/${SCREENS[key].path}` as ScreenTo<K>;
}
