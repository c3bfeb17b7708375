import { Button } from '#client/components/ui/button.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useDocuments } from '#client/features/documents/api.js';
import { DocumentList } from '#client/features/documents/document-list.js';
import { useUser } from '#client/lib/auth.js';

/** Issue 31, item 3: the signed-in person's receipts and payout statements, each downloadable as a PDF. */
export default function DocumentsPage() {
  const { user } = useUser();
  if (!user) return <PageSpinner label="Loading your account" />;
  return <Documents userId={user.id} />;
}

function Documents({ userId }: { userId: number }) {
  const documents = useDocuments(userId);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-2 text-3xl font-bold tracking-tight">Documents</h1>
      <p className="mb-6 text-muted-foreground">Your receipts for payments and your payout statements, newest first. Keep them for your records.</p>
      {documents.isPending ? (
        <PageSpinner label="Loading your documents" />
      ) : documents.error ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border px-6 py-12 text-center">
          <p className="font-medium">{documents.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void documents.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DocumentList documents={documents.data} />
      )}
    </div>
  );
}
