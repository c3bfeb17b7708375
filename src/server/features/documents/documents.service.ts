import { desc, eq } from 'drizzle-orm';
import type { DocumentSummary } from '#shared/contracts/documents.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { documents } from '#server/db/schema/documents.js';
import type { UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { renderDocumentPdf } from './document-pdf.js';

/** Where a document's PDF is downloaded (its holder only). */
export const documentPdfPath = (id: number) => `/api/documents/${id}/pdf`;

const summaryColumns = {
  id: documents.id,
  userId: documents.userId,
  kind: documents.kind,
  number: documents.number,
  amountCents: documents.amountCents,
  issuedAt: documents.issuedAt,
};

function toSummary(row: Pick<typeof documents.$inferSelect, 'id' | 'kind' | 'number' | 'amountCents' | 'issuedAt'>): DocumentSummary {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    amountCents: row.amountCents,
    createdAt: row.issuedAt.toISOString(),
    url: documentPdfPath(row.id),
  };
}

/** GET /api/users/{id}/documents: one's own receipts and payout statements, newest first. */
export async function listDocuments(ctx: AppContext, actor: UserRow, userId: number): Promise<DocumentSummary[]> {
  requireAccess(actor, 'readOwnDocuments', userId);
  const rows = await ctx.db.select(summaryColumns).from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.issuedAt), desc(documents.id));
  return rows.map(toSummary);
}

/**
 * GET /api/documents/{id}: one document, for the page the mail announcing its money links. Like its
 * PDF, it exists for its holder alone (decision 064).
 */
export async function readDocument(ctx: AppContext, actor: UserRow, documentId: number): Promise<DocumentSummary> {
  const [row] = await ctx.db.select(summaryColumns).from(documents).where(eq(documents.id, documentId));
  if (!row || row.userId !== actor.id) throw new AppError('NOT_FOUND', 'No such document');
  return toSummary(row);
}

/**
 * GET /api/documents/{id}/pdf: the PDF, drawn from what the document said when issued. Only its
 * holder gets it; to anyone else, operators included, it does not exist (decision 064).
 */
export async function readDocumentPdf(ctx: AppContext, actor: UserRow, documentId: number): Promise<{ number: string; pdf: NodeJS.ReadableStream }> {
  const [row] = await ctx.db
    .select({ userId: documents.userId, number: documents.number, content: documents.content })
    .from(documents)
    .where(eq(documents.id, documentId));
  if (!row || row.userId !== actor.id) throw new AppError('NOT_FOUND', 'No such document');
  return { number: row.number, pdf: await renderDocumentPdf(row.content) };
}
