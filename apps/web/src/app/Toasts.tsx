import { Notifications, notifications } from "@mantine/notifications";
import { i18n } from "../i18n/i18n.ts";
import { TOAST_MS, type ToastKind } from "./toast.ts";

const COLORS: Record<ToastKind, string> = { success: "teal", warning: "yellow", error: "red", info: "brand" };

/** Shows a toast; one asked for before the container mounts waits in the notifications store. */
export function showToast(kind: ToastKind, message: string, ms: number = TOAST_MS): void {
  notifications.show({
    message,
    color: COLORS[kind],
    autoClose: ms,
    withBorder: true,
    closeButtonProps: { "aria-label": i18n.t("messages.closeToast") },
    "data-testid": `toast-${kind}`,
  } as Parameters<typeof notifications.show>[0]);
}

/** The toast container, loaded with the first toast (app/toast.ts). */
export default function Toasts() {
  return (
    <div data-testid="toasts">
      <Notifications autoClose={TOAST_MS} position="top-center" zIndex={1000} withinPortal={false} />
    </div>
  );
}
