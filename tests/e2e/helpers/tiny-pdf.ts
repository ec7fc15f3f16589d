// Small, valid PDFs made in the test: pages of Helvetica text, or pages with only a drawn shape (what a scan looks
// like to a text reader). Offsets in the cross-reference table are computed, so pdf.js reads them without repair.

function escapePdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A PDF of these objects (object n is `objects[n - 1]`, object 1 the catalog), with a correct cross-reference table. */
export function assemble(objects: string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((content, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${content}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF whose pages draw these contents (one content stream per page). */
function pdfOfStreams(streams: string[]): Buffer {
  const pageIds = streams.map((_, i) => 4 + i * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${streams.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  streams.forEach((stream, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  return assemble(objects);
}

/** One page per entry, each line of it written down the page. */
export function textPdf(pages: string[][]): Buffer {
  return pdfOfStreams(pages.map((lines) => lines.map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 20} Td (${escapePdfText(line)}) Tj ET`).join('\n')));
}

/** Pages with a grey box and no text at all. */
export function scannedPdf(pages = 1): Buffer {
  return pdfOfStreams(Array.from({ length: pages }, () => '0.5 g 72 72 468 648 re f'));
}
