import { Alert, Skeleton, Stack } from "@mantine/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useBulkUpload } from "../../api/bulk-invoices.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { DEFAULT_PAGE_SIZE } from "../../lib/tableSearch.ts";
import { useViewMode } from "../../live/viewpoint.ts";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { PreviewPanel } from "./PreviewPanel.tsx";
import { UploadPanel } from "./UploadPanel.tsx";

/** The screen's URL (router.tsx): the history's page and size, and the upload being previewed. */
interface BulkSearch {
  page?: number;
  page_size?: number;
  upload?: number;
}

/**
 * Bulk invoices (back-office.md "Bulk invoices"; docs/selling.md): the template and upload, the preview of the
 * upload in the URL (?upload=ID, so a reload keeps it) and the history of uploads with their counts.
 */
export default function BulkInvoicesPage() {
  const { t } = useTranslation();
  const { isLive } = useViewMode("merchant");
  const search = useSearch({ from: "/{-$lang}/app/bulk-invoices" }) as BulkSearch;
  const navigate = useNavigate();
  const go = (next: BulkSearch) => void navigate({ to: ".", search: next as never });
  const upload = useBulkUpload(search.upload);
  return (
    <Stack data-testid="bulk-invoices-page">
      <PageTitle title={t("bulkInvoices.title")}>
        <DataModeBadge isLive={isLive} />
      </PageTitle>
      <UploadPanel isLive={isLive} onUploaded={(id) => go({ ...search, upload: id })} />
      {search.upload !== undefined ? (
        upload.isPending ? (
          <Skeleton h={200} aria-label={t("bulkInvoices.preview.loading")} />
        ) : upload.isError ? (
          <Alert color="red.9" role="alert">
            {t("bulkInvoices.preview.loadFailed")}
          </Alert>
        ) : (
          <PreviewPanel key={upload.data.id} upload={upload.data} />
        )
      ) : null}
      <HistoryPanel
        page={search.page ?? 1}
        pageSize={search.page_size ?? DEFAULT_PAGE_SIZE}
        onPage={(page) => go({ ...search, page: page > 1 ? page : undefined })}
        onPageSize={(size) =>
          go({ ...search, page: undefined, page_size: size === DEFAULT_PAGE_SIZE ? undefined : size })
        }
        onOpen={(id) => go({ ...search, upload: id })}
      />
    </Stack>
  );
}
