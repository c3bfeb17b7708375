import { Download, FileText } from 'lucide-react';
import type { DocumentSummary } from '#shared/contracts/documents.js';
import { documentKindLabels } from '#shared/domain/documents.js';
import { formatMoney } from '#shared/domain/money.js';
import { buttonVariants } from '#client/components/ui/button-variants.js';
import { formatDealDate } from '#client/lib/format.js';

/** Each document with its number, date and amount, and a link that downloads its PDF. */
export function DocumentList({ documents }: { documents: DocumentSummary[] }) {
  if (documents.length === 0)
    return (
      <p className="rounded-xl border px-6 py-12 text-center text-muted-foreground">
        No documents yet. A receipt is issued for each payment you make, and a payout statement for each payout you receive.
      </p>
    );
  return (
    <ul aria-label="Documents" className="grid gap-3">
      {documents.map((document) => {
        const label = `${documentKindLabels[document.kind]} ${document.number}`;
        return (
          <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4">
            <div className="flex min-w-0 items-start gap-3">
              <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0">
                <p className="font-medium break-words">{label}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDealDate(document.createdAt)} · {document.kind === 'receipt' ? 'Paid' : 'Paid out'}{' '}
                  {formatMoney(document.amountCents, { showCents: true })}
                </p>
              </div>
            </div>
            <a
              href={document.url}
              download={`${document.number}.pdf`}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              aria-label={`Download ${label} (PDF)`}
            >
              <Download aria-hidden="true" /> Download PDF
            </a>
          </li>
        );
      })}
    </ul>
  );
}
