import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  rgba,
  type VariantColorsResolver,
} from "@mantine/core";

/**
 * The provider's look: a deep blue brand on white and cool greys. Shade 7 is the primary (white text on it has a
 * contrast of 5.7:1). Partner layouts override the colours through CSS variables (layouts/partnerTheme.ts).
 */
const brand: MantineColorsTuple = [
  "#edf2ff",
  "#dbe3fb",
  "#b4c4f2",
  "#8aa4ea",
  "#6788e3",
  "#5177df",
  "#456edd",
  "#365dc5",
  "#2c52b0",
  "#1e469c",
];

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, "Noto Sans Arabic", Tahoma, sans-serif';

/**
 * Mantine's "light" variant with a chosen shade ("teal.9") paints the background in that shade and the text in the
 * colour's light text colour (shade 6 or so): teal on teal, unreadable (the integration ACTIVE and API key COMPLETE
 * badges). Here a light variant is always a faint tint of the colour with the colour darkened as text, which keeps
 * at least 4.5:1 for every colour the screens use (theme.test.ts); hex colours get the same treatment. Other
 * variants are Mantine's.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== "light") return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (parsed.isThemeColor && parsed.shade === undefined) return colors;
  const base = parsed.value;
  const text = (parsed.isThemeColor ? input.theme.colors[parsed.color]?.[9] : undefined) ?? base;
  return {
    ...colors,
    background: rgba(base, 0.1),
    hover: rgba(base, 0.15),
    color: darken(text, 0.2),
  };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: "brand",
  primaryShade: 7,
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: "650" },
  defaultRadius: "md",
  focusRing: "auto",
  cursorType: "pointer",
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { withBorder: true, radius: "lg", padding: "lg" } },
    Paper: { defaultProps: { radius: "lg" } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
    Tooltip: { defaultProps: { withArrow: true, multiline: true, w: 260 } },
  },
});

/** Darker "dimmed" and error texts than Mantine's defaults, for a 4.5:1 contrast on white and the page grey. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {},
});
