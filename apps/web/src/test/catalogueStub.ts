/**
 * Stands in for "virtual:i18n/<lang>-<part>" (built by vite.config.ts) in component tests, which load both whole
 * catalogues themselves (test/render.tsx).
 */
const texts: Record<string, unknown> = {};
export default texts;
