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

/** GET /api/users/{id}/documents: one's own receipts and payout statements, newest first. */
export async function listDocuments(ctx: AppContext, actor: UserRow, userId: number): Promise<DocumentSummary[]> {
  requireAccess(actor, 'readOwnDocuments', userId);
  const rows = await ctx.db
    .select({ id: documents.id, kind: documents.kind, number: documents.number, amountCents: documents.amountCents, issuedAt: documents.issuedAt })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.issuedAt), desc(documents.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    number: row.number,
    amountCents: row.amountCents,
    createdAt: row.issuedAt.toISOString(),
    url: documentPdfPath(row.id),
  }));
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
  return { number: row.number, pdf: renderDocumentPdf(row.content) };
}
