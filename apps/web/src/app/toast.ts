import { useSyncExternalStore } from "react";

/**
 * Toasts close after 4000 ms (spec section 9). The container (app/Toasts.tsx, with @mantine/notifications) is
 * downloaded with the first toast, so the sign-in page's first JavaScript does not carry it; toasts asked for
 * while it loads are shown, in order, once it is there. app/Providers.tsx mounts it.
 */
export const TOAST_MS = 4000;

export type ToastKind = "success" | "warning" | "error" | "info";
type ToastsModule = typeof import("./Toasts.tsx");

let container: ToastsModule | undefined;
let loading: Promise<ToastsModule> | undefined;
const listeners = new Set<() => void>();

function loadContainer(): Promise<ToastsModule> {
  loading ??= import("./Toasts.tsx").then(
    (module) => {
      container = module;
      for (const listener of listeners) listener();
      return module;
    },
    (err: unknown) => {
      loading = undefined; // a later toast tries again
      throw err;
    },
  );
  return loading;
}

function show(kind: ToastKind, message: string, ms: number = TOAST_MS): void {
  loadContainer().then(
    (module) => module.showToast(kind, message, ms),
    () => console.warn("Toast container failed to load"),
  );
}

/** The toast container component once loaded (undefined before the first toast). */
export function useToastContainer(): ToastsModule["default"] | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => container?.default,
  );
}

export const toast = {
  success: (message: string) => show("success", message),
  warning: (message: string) => show("warning", message),
  error: (message: string, ms?: number) => show("error", message, ms),
  info: (message: string) => show("info", message),
};
