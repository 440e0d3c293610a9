import type { ActivationDocumentKind, ActivationStep } from "@portal/domain/activation";
import type { ActivationApplication, ActivationFile } from "@portal/domain/api/activation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { call, uploadFile } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";

/** The account activation wizard's calls (packages/domain/src/api/activation.ts; docs/onboarding.md). */

export const activationKeys = { application: ["activation", "application"] as const };

export function useActivation() {
  return useQuery({
    queryKey: activationKeys.application,
    queryFn: ({ signal }) => call("GET /api/activation", {}, { signal }),
    // The wizard keeps its own form state; a refetch on focus would only replace the saved copy it resumes from.
    refetchOnWindowFocus: false,
  });
}

/** Keeps the cached application in step with what the server answered. */
export function useSetApplication() {
  const client = useQueryClient();
  return (application: ActivationApplication) => client.setQueryData(activationKeys.application, application);
}

/** Adds an uploaded file to the cached application (replacing its kind's previous one); safe for parallel uploads. */
export function useAddFile() {
  const client = useQueryClient();
  return (file: ActivationFile) =>
    client.setQueryData<ActivationApplication>(activationKeys.application, (prev) =>
      prev ? { ...prev, files: [...prev.files.filter((f) => f.kind !== file.kind), file] } : prev,
    );
}

export function saveStep(step: ActivationStep, body: Record<string, unknown>) {
  return call("PUT /api/activation/steps/:step", { params: { step }, body });
}

export function deleteDocument(id: number) {
  return call("DELETE /api/activation/documents/:id", { params: { id } });
}

export function submitApplication() {
  return call("POST /api/activation/submit", { body: { terms_accepted: true } });
}

/** multipart/form-data (one part named file), which the JSON client does not send. */
export async function uploadDocument(kind: ActivationDocumentKind, file: File): Promise<ActivationFile> {
  return uploadFile<ActivationFile>(`/api/activation/documents?kind=${encodeURIComponent(kind)}`, file);
}

/** The field codes of a refused step or submit (`errors` of the 400 answer), empty when none. */
export function fieldCodes(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const errors = (err.body as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== "object") return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** The hex sha256 of a file, to refuse the same file twice before sending it (undefined without WebCrypto). */
export async function sha256Hex(bytes: Uint8Array): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
