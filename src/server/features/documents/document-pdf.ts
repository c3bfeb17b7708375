import type PDFKitDocument from 'pdfkit';
import { type DocumentContent, documentKindLabels, type DocumentLine } from '#shared/domain/documents.js';
import { formatMoney } from '#shared/domain/money.js';
import { drawableText } from './pdf-text.js';

const page = { margin: 56, width: 612 };
const contentWidth = page.width - 2 * page.margin;
const amountWidth = 120;
const ink = '#18181b';
const muted = '#52525b';
const rule = '#d4d4d8';

const money = (cents: number) => formatMoney(cents, { showCents: true });
const longDate = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/**
 * A receipt or payout statement as a PDF (US Letter), drawn from what it said when issued. Every
 * user-written value goes through drawableText and is drawn in a box of fixed width, so any
 * Unicode draws and a long name wraps instead of running off the page. Uncompressed: a page of
 * standard-font text is a few kilobytes either way, and its text stays readable to tests.
 */
export async function renderDocumentPdf(content: DocumentContent): Promise<PDFKit.PDFDocument> {
  // Loaded with the first PDF, not when the server starts: pdfkit and its font and compression
  // modules cost a cold start about 100 ms of CPU that few starts use (issue 33).
  const { default: PDFDocument } = (await import('pdfkit')) as { default: typeof PDFKitDocument };
  const title = `${documentKindLabels[content.kind]} ${content.number}`;
  const doc = new PDFDocument({ size: 'LETTER', margin: page.margin, compress: false, info: { Title: title, Author: 'Finishline', Subject: title } });
  const left = page.margin;

  // Head: who issues it, and which document it is.
  doc
    .fillColor(ink)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text('Finishline', left, page.margin, { width: contentWidth / 2 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text('The marketplace for finishing half-built software', left, doc.y, { width: contentWidth / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(ink)
    .text(documentKindLabels[content.kind], left + contentWidth / 2, page.margin, { width: contentWidth / 2, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Number: ${content.number}`, { width: contentWidth / 2, align: 'right' });
  doc.text(`Date: ${longDate(content.issuedAt)}`, { width: contentWidth / 2, align: 'right' });
  doc.moveDown(2);

  // The parties and the project, side by side where they fit.
  const isReceipt = content.kind === 'receipt';
  const parties: [string, string][] = isReceipt
    ? [
        ['Paid by (client)', content.owner.username],
        ['For the work of (finisher)', content.finisher.username],
      ]
    : [
        ['Paid to (finisher)', content.finisher.username],
        ['For the project of (client)', content.owner.username],
      ];
  const top = Math.max(doc.y, 150);
  const column = contentWidth / 2 - 8;
  let bottom = top;
  parties.forEach(([label, name], i) => {
    const x = left + i * (column + 16);
    doc.font('Helvetica').fontSize(9).fillColor(muted).text(label, x, top, { width: column });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(ink)
      .text(drawableText(name), x, doc.y + 2, { width: column });
    bottom = Math.max(bottom, doc.y);
  });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text('Project', left, bottom + 12, { width: contentWidth });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(ink)
    .text(drawableText(content.project.name), left, doc.y + 2, { width: contentWidth });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`For: ${drawableText(content.paidFor)}`, left, doc.y + 4, { width: contentWidth });
  doc.moveDown(1.5);

  // Line items, then the totals under them.
  const row = (line: DocumentLine, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(ink);
    doc.text(drawableText(line.label), left, y, { width: contentWidth - amountWidth - 12 });
    const after = doc.y;
    doc.text(money(line.amountCents), left + contentWidth - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  const hr = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + contentWidth, doc.y)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
    doc.y += 6;
  };
  doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
  const headY = doc.y;
  doc.text('Description', left, headY, { width: contentWidth - amountWidth - 12 });
  doc.text('Amount (USD)', left + contentWidth - amountWidth, headY, { width: amountWidth, align: 'right' });
  doc.y += 4;
  hr();
  for (const line of content.lines) row(line);
  hr();
  content.totals.forEach((line, i) => row(line, i === content.totals.length - 1));
  doc.moveDown(1.5);

  doc.font('Helvetica').fontSize(9).fillColor(muted);
  for (const note of content.notes) doc.text(drawableText(note), left, doc.y, { width: contentWidth }).moveDown(0.3);
  if (content.providerReference) doc.text(`Payment reference: ${drawableText(content.providerReference)}`, left, doc.y, { width: contentWidth });
  doc.moveDown(1);
  doc.text(
    `Issued by Finishline on ${longDate(content.issuedAt)}. Amounts in ${content.currency.toUpperCase()}. Keep this document for your records.`,
    left,
    doc.y,
    {
      width: contentWidth,
    },
  );
  doc.end();
  return doc;
}
