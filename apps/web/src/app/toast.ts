import { notifications } from "@mantine/notifications";

/** Toasts close after 4000 ms (spec section 9); the container is set up in app/Providers.tsx. */
export const TOAST_MS = 4000;

type Kind = "success" | "warning" | "error" | "info";
const COLORS: Record<Kind, string> = { success: "teal", warning: "yellow", error: "red", info: "brand" };

function show(kind: Kind, message: string, autoClose: number = TOAST_MS): void {
  notifications.show({
    message,
    color: COLORS[kind],
    autoClose,
    withBorder: true,
    "data-testid": `toast-${kind}`,
  } as Parameters<typeof notifications.show>[0]);
}

export const toast = {
  success: (message: string) => show("success", message),
  warning: (message: string) => show("warning", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
};
