import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

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

export const theme = createTheme({
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
