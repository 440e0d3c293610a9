import type { ActivationApplication } from "@portal/domain/api/activation";
import type { WizardForm } from "./wizardForm.ts";

/** What every step of the wizard gets from the page. */
export interface StepProps {
  form: WizardForm;
  set: <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => void;
  application: ActivationApplication;
  /** A field's problem in the user's language, or undefined. */
  error: (field: string) => string | undefined;
  /** The application the server answered (after an upload or a removal). */
  onApplication: (application: ActivationApplication) => void;
  /** +1 when an upload starts, -1 when it ends (the page waits for uploads before saving). */
  onUploading: (delta: number) => void;
}
