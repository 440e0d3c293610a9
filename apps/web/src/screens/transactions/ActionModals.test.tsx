import type { TransactionDetails } from "@portal/domain/api/transactions";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import type { Lang } from "../../i18n/language.ts";
import { money } from "../../lib/money.ts";
import { renderInApp, text, useLanguage } from "../../test/render.tsx";
import { CaptureModal, RefundModal, useActionOutcome } from "./ActionModals.tsx";
import type { TransactionAction } from "./actionMessages.ts";

// The modals read only the currency of the transaction.
const tx = { currency: "EGP" } as TransactionDetails["transaction"];

function refund(over: Partial<Parameters<typeof RefundModal>[0]> = {}, lang: Lang = "en") {
  const p = {
    opened: true,
    onClose: vi.fn(),
    tx,
    lang,
    loading: false,
    remaining: 25_000,
    needsOtp: false,
    onSubmit: vi.fn(async () => true),
    onSendOtp: vi.fn(),
    sendingOtp: false,
    ...over,
  };
  renderInApp(<RefundModal {...p} />, lang);
  return p;
}

const amountField = (id: string) => screen.getByTestId(id) as HTMLInputElement;
async function enter(id: string, value: string) {
  await act(async () => {
    fireEvent.change(amountField(id), { target: { value } });
  });
}
async function submit(id: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(id));
  });
}
const errorOf = (id: string) => {
  const described = amountField(id).getAttribute("aria-describedby") ?? "";
  return described
    .split(" ")
    .filter((d) => d.endsWith("-error"))
    .map((d) => document.getElementById(d)?.textContent ?? "")
    .join("");
};

describe("RefundModal", () => {
  beforeAll(() => useLanguage("en"));

  it("tells the refundable amount and refuses an empty amount", async () => {
    const p = refund();
    expect(screen.getByTestId("refund-max").textContent).toBe(
      text("en", "transactions.actions.refundMax", { amount: money(25_000, "EGP", "en") }),
    );
    await submit("refund-submit");
    await waitFor(() =>
      expect(errorOf("refund-amount")).toBe(text("en", "transactions.validation.required")),
    );
    expect(p.onSubmit).not.toHaveBeenCalled();
  });

  it("refuses more than the amount left with the spec's message, and a bad amount", async () => {
    const p = refund();
    await enter("refund-amount", "250.01");
    await submit("refund-submit");
    await waitFor(() =>
      expect(errorOf("refund-amount")).toBe(text("en", "transactions.validation.refundExceedsRemaining")),
    );
    await enter("refund-amount", "12,5x");
    await submit("refund-submit");
    await waitFor(() =>
      expect(errorOf("refund-amount")).toBe(text("en", "transactions.validation.invalidAmount")),
    );
    expect(p.onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a partial refund that leaves 5.00 or less", async () => {
    const p = refund();
    await enter("refund-amount", "246");
    await submit("refund-submit");
    await waitFor(() =>
      expect(errorOf("refund-amount")).toBe(
        text("en", "transactions.validation.partialRefundRemainder", { minimum: money(500, "EGP", "en") }),
      ),
    );
    expect(p.onSubmit).not.toHaveBeenCalled();
  });

  it("sends the amount in minor units, then closes", async () => {
    const p = refund();
    await enter("refund-amount", "100.5");
    await submit("refund-submit");
    await waitFor(() => expect(p.onSubmit).toHaveBeenCalledWith({ amount_cents: 10_050 }));
    await waitFor(() => expect(p.onClose).toHaveBeenCalledTimes(1));
  });

  it("stays open when the refund fails", async () => {
    const p = refund({ onSubmit: vi.fn(async () => false) });
    await enter("refund-amount", "250");
    await submit("refund-submit");
    await waitFor(() => expect(p.onSubmit).toHaveBeenCalledWith({ amount_cents: 25_000 }));
    expect(p.onClose).not.toHaveBeenCalled();
    expect(amountField("refund-amount").value).toBe("250");
  });

  it("asks a wallet refund for its one-time code and sends it", async () => {
    const p = refund({ needsOtp: true });
    fireEvent.click(screen.getByTestId("refund-send-otp"));
    expect(p.onSendOtp).toHaveBeenCalledTimes(1);
    await enter("refund-amount", "250");
    await submit("refund-submit");
    await waitFor(() => expect(errorOf("refund-otp")).toBe(text("en", "transactions.validation.required")));
    expect(p.onSubmit).not.toHaveBeenCalled();
    await enter("refund-otp", " 123456 ");
    await submit("refund-submit");
    await waitFor(() => expect(p.onSubmit).toHaveBeenCalledWith({ amount_cents: 25_000, otp: "123456" }));
  });

  it("speaks Arabic and takes Arabic digits", async () => {
    await useLanguage("ar");
    try {
      const p = refund({}, "ar");
      expect(screen.getByTestId("refund-submit").textContent).toBe(text("ar", "transactions.actions.refund"));
      await enter("refund-amount", "300");
      await submit("refund-submit");
      await waitFor(() =>
        expect(errorOf("refund-amount")).toBe(text("ar", "transactions.validation.refundExceedsRemaining")),
      );
      await enter("refund-amount", "١٠٠");
      await submit("refund-submit");
      await waitFor(() => expect(p.onSubmit).toHaveBeenCalledWith({ amount_cents: 10_000 }));
    } finally {
      await useLanguage("en");
    }
  });
});

describe("CaptureModal", () => {
  beforeAll(() => useLanguage("en"));

  function capture(over: Partial<Parameters<typeof CaptureModal>[0]> = {}) {
    const p = {
      opened: true,
      onClose: vi.fn(),
      tx,
      lang: "en" as const,
      loading: false,
      maximum: 28_999_00,
      onSubmit: vi.fn(async () => true),
      ...over,
    };
    renderInApp(<CaptureModal {...p} />);
    return p;
  }

  it("is filled with the maximum and captures it", async () => {
    const p = capture();
    expect(amountField("capture-amount").value).toBe("28999.00");
    await submit("capture-submit");
    await waitFor(() => expect(p.onSubmit).toHaveBeenCalledWith({ amount_cents: 28_999_00 }));
    await waitFor(() => expect(p.onClose).toHaveBeenCalledTimes(1));
  });

  it("refuses more than the maximum and captures a part", async () => {
    const p = capture();
    await enter("capture-amount", "29000");
    await submit("capture-submit");
    await waitFor(() =>
      expect(errorOf("capture-amount")).toBe(text("en", "transactions.validation.captureExceedsMaximum")),
    );
    expect(p.onSubmit).not.toHaveBeenCalled();
    await enter("capture-amount", "20000");
    await submit("capture-submit");
    await waitFor(() => expect(p.onSubmit).toHaveBeenCalledWith({ amount_cents: 20_000_00 }));
  });
});

describe("ConfirmModal", () => {
  beforeAll(() => useLanguage("en"));

  it("confirms or cancels", () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderInApp(
      <ConfirmModal
        opened
        onClose={onClose}
        title="Void"
        body="Void this payment?"
        confirmLabel="Void it"
        danger
        loading={false}
        onConfirm={onConfirm}
        testId="void-modal"
      />,
    );
    expect(screen.getByText("Void this payment?")).toBeTruthy();
    fireEvent.click(screen.getByTestId("void-modal-confirm"));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: text("en", "transactions.actions.cancel") }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

/** Runs an action through useActionOutcome and marks the body with its answer. */
function Runner({ action, run }: { action: TransactionAction; run: () => Promise<unknown> }) {
  const outcome = useActionOutcome(tx, "en");
  return (
    <button
      type="button"
      onClick={() =>
        void outcome(action, run).then((ok) => document.body.setAttribute("data-ok", String(ok)))
      }
    >
      go
    </button>
  );
}

describe("useActionOutcome: the outcome of an action as a toast", () => {
  beforeAll(() => useLanguage("en"));

  async function go(action: TransactionAction, run: () => Promise<unknown>) {
    document.body.removeAttribute("data-ok");
    renderInApp(<Runner action={action} run={run} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "go" }));
    });
    await waitFor(() => expect(document.body.getAttribute("data-ok")).not.toBeNull());
    return document.body.getAttribute("data-ok");
  }

  /** Waits for a toast of the kind with the catalogue's text (now that nothing is left from another test). */
  async function toastSays(kind: "error" | "success", key: string) {
    const toast = await screen.findByTestId(`toast-${kind}`, {}, { timeout: 5000 });
    expect(toast.textContent).toContain(text("en", key));
  }

  it("shows the spec's message for a refused refund (422)", async () => {
    expect(await go("refund", () => Promise.reject(new ApiError("http", 422, undefined)))).toBe("false");
    await toastSays("error", "transactions.messages.refund422");
  });

  it("shows the generic text when the server cannot be reached", async () => {
    expect(await go("void", () => Promise.reject(new ApiError("network", 0, undefined)))).toBe("false");
    await toastSays("error", "transactions.messages.generic");
  });

  it("treats a capture answered 200 with success false as refused", async () => {
    expect(await go("capture", () => Promise.resolve({ success: false }))).toBe("false");
    await toastSays("error", "transactions.messages.capture200");
  });

  it("says the action succeeded", async () => {
    expect(await go("void", () => Promise.resolve({ success: true }))).toBe("true");
    await toastSays("success", "transactions.messages.voidSuccess");
  });
});
