import { Group, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  ACTIVATION_DOCUMENT_LABELS,
  type ActivationDocumentKind,
  ID_TYPE_LABELS,
  ID_TYPES,
} from "@portal/domain/activation";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useAddFile } from "./activation.api.ts";
import { DocumentDrop } from "./DocumentDrop.tsx";
import type { StepProps } from "./stepProps.ts";
import { neededDocuments } from "./wizardForm.ts";

const BUSINESS_PAPERS: ActivationDocumentKind[] = ["proof_of_residence", "company_registration", "tax_card"];
const POINT_OF_SALE: ActivationDocumentKind[] = ["rent_contract", "utility_bill"];

/**
 * Documents: the ID (national ID front and back, or passport), proof of residence, commercial register, tax card
 * and the point-of-sale papers (rent contract, utility bill). Each file is uploaded as soon as it is chosen or
 * dropped; Save and Continue saves the ID type once every required file is there.
 */
export function DocumentsStep(props: StepProps) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { form, set, application } = props;
  const needed = new Set(neededDocuments(form));
  const idKinds: ActivationDocumentKind[] =
    form.id_type === "passport" ? ["passport"] : ["national_id_front", "national_id_back"];
  const fileOf = (kind: ActivationDocumentKind) => application.files.find((f) => f.kind === kind);
  const uploaded = useAddFile();

  const drop = (kind: ActivationDocumentKind) => (
    <DocumentDrop
      key={kind}
      kind={kind}
      label={ACTIVATION_DOCUMENT_LABELS[kind][lang]}
      required={needed.has(kind)}
      file={fileOf(kind)}
      knownHashes={application.files.map((f) => f.sha256)}
      error={props.error(kind)}
      onUploaded={uploaded}
      onApplication={props.onApplication}
      onUploading={props.onUploading}
    />
  );

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t("activation.documents.hint")}
      </Text>
      <Radio.Group
        label={t("activation.documents.idType")}
        value={form.id_type}
        onChange={(value) => set("id_type", value)}
        error={props.error("id_type")}
        withAsterisk
        data-testid="activation-id-type"
      >
        <Group mt="xs">
          {ID_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={ID_TYPE_LABELS[type][lang]}
              data-testid={`activation-id-${type}`}
            />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {idKinds.map(drop)}
        {BUSINESS_PAPERS.map(drop)}
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("activation.documents.pointOfSale")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {POINT_OF_SALE.map(drop)}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
