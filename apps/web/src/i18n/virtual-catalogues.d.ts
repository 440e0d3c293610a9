/** The catalogue parts built by vite.config.ts: "virtual:i18n/<lang>-<part>" (see catalogueParts.ts). */
declare module "virtual:i18n/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
