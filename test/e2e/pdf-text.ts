/**
 * The text of an uncompressed PDF drawn in standard fonts, as Finishline's documents are
 * (decision 064): each text-showing operator's hex strings, one line per operator. WinAnsi above
 * 0x7f is read as Latin-1, which is the same for every letter the documents' tests look for.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/\[((?:\s*<[0-9a-fA-F]*>\s*-?[\d.]*)+)\s*\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hexes = match[1] ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [match[2]!];
    lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
  }
  return lines.join('\n');
}
