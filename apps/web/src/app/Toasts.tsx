import { Notifications } from "@mantine/notifications";
import { TOAST_MS } from "./toast.ts";

/** The toast container, loaded just after the first screen (toasts shown before it mounts are queued). */
export default function Toasts() {
  return (
    <div data-testid="toasts">
      <Notifications autoClose={TOAST_MS} position="top-center" zIndex={1000} withinPortal={false} />
    </div>
  );
}
