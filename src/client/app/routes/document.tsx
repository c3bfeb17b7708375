import { Link, useParams } from 'react-router';
import { Button } from '#client/components/ui/button.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { ApiError } from '#client/lib/api.js';
import { useDocument } from '#client/features/documents/api.js';
import { DocumentList } from '#client/features/documents/document-list.js';
import { documentKindLabels, documentsPagePath } from '#shared/domain/documents.js';
import NotFoundPage from './not-found.js';

/**
 * Issue 31, item 3: one receipt or payout statement, the page the mail announcing its money links.
 * Its holder downloads the PDF here; to anyone else it does not exist (404, as the API answers).
 */
export default function DocumentPage() {
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const document = useDocument(id);
  if (!isValidId || (document.error instanceof ApiError && document.error.status === 404)) return <NotFoundPage />;
  if (document.isPending) return <PageSpinner label="Loading your document" />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      {document.error ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border px-6 py-12 text-center">
          <p className="font-medium">{document.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void document.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <h1 className="mb-2 text-3xl font-bold tracking-tight">
            {documentKindLabels[document.data.kind]} {document.data.number}
          </h1>
          <p className="mb-6 text-muted-foreground">Download it as a PDF for your records.</p>
          <DocumentList documents={[document.data]} />
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to={documentsPagePath} className="underline underline-offset-4 hover:text-foreground">
          All your documents
        </Link>
      </p>
    </div>
  );
}
