import { Alert, Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { IFRAME_LIMITS } from "@portal/domain/api/iframes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { type Iframe, useSaveIframe } from "../../api/iframes.api.ts";
import { toast } from "../../app/toast.ts";
import { iframeErrorText } from "./iframeErrors.ts";

type Field = "name" | "description" | "html" | "javascript" | "css";
type Values = Record<Field, string>;

const CODE_FIELDS = ["html", "javascript", "css"] as const;

/**
 * The add and edit form (back-office.md "Iframes"): name (required), description, HTML, JavaScript and CSS, each
 * bounded (IFRAME_LIMITS, docs/settings.md "Iframes"). Code is written left to right in both languages.
 */
export function IframeForm(props: {
  iframe?: Iframe;
  supportEmail: string | undefined;
  onSaved: (iframe: Iframe) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => ({
    name: props.iframe?.name ?? "",
    description: props.iframe?.description ?? "",
    html: props.iframe?.html ?? "",
    javascript: props.iframe?.javascript ?? "",
    css: props.iframe?.css ?? "",
  }));
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveIframe(props.iframe?.id ?? null);

  const set = (key: Field, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) found.name = t("validation.required");
    for (const key of ["name", "description", ...CODE_FIELDS] as const)
      if (values[key].length > IFRAME_LIMITS[key])
        found[key] = t("iframes.errors.tooLong", { max: IFRAME_LIMITS[key] });
    return found;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim() || null,
        html: values.html,
        javascript: values.javascript,
        css: values.css,
      });
      toast.success(props.iframe ? t("iframes.messages.updated") : t("iframes.messages.created"));
      props.onSaved(saved);
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      if (isApiError(err) && err.status === 400 && Object.keys(err.fields).length > 0) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const key of Object.keys(err.fields) as Field[])
          fromServer[key] =
            key in IFRAME_LIMITS && values[key]?.length > IFRAME_LIMITS[key]
              ? t("iframes.errors.tooLong", { max: IFRAME_LIMITS[key] })
              : t("validation.required");
        setProblems(fromServer);
        return;
      }
      setFailure(iframeErrorText(err, t, props.supportEmail));
    }
  };

  const code = (key: (typeof CODE_FIELDS)[number]) => (
    <Textarea
      key={key}
      label={t(`iframes.form.${key}`)}
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={problems[key]}
      maxLength={IFRAME_LIMITS[key]}
      autosize
      minRows={4}
      maxRows={12}
      dir="ltr"
      spellCheck={false}
      styles={{ input: { fontFamily: "monospace" } }}
      data-testid={`iframe-${key}`}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="iframe-form">
      <Stack>
        {failure ? (
          <Alert color="red" role="alert" data-testid="iframe-form-error">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={t("iframes.form.name")}
          required
          value={values.name}
          onChange={(e) => set("name", e.currentTarget.value)}
          error={problems.name}
          maxLength={IFRAME_LIMITS.name}
          data-testid="iframe-name"
        />
        <Textarea
          label={t("iframes.form.description")}
          value={values.description}
          onChange={(e) => set("description", e.currentTarget.value)}
          error={problems.description}
          maxLength={IFRAME_LIMITS.description}
          autosize
          minRows={2}
          data-testid="iframe-description"
        />
        {CODE_FIELDS.map(code)}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t("iframes.form.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="iframe-save">
            {t("iframes.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
