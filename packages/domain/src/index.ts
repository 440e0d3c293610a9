export * from "./app-config.ts";
export * from "./auth.ts";
export * from "./countries.ts";
export * from "./passwords.ts";
export * from "./permissions.ts";
export * from "./profiles.ts";
export * from "./session.ts";
