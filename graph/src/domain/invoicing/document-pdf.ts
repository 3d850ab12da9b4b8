import PDFDocument from "pdfkit";
import type { Sheet, SheetTable } from "./document-sheets";

/** A4 in points, and the margin around the page. */
const PAGE = { size: "A4" as const, margin: 50 };
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";

/**
 * A sheet drawn as a PDF with pdfkit, in the standard Helvetica (no font file): the title and the
 * document's facts, seller and buyer side by side, the lines, the tax summary, the totals and the
 * notes; tables continue on a new page when one fills up.
 */
export function renderSheetPdf(sheet: Sheet, created: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    info: { Title: `${sheet.title} ${sheet.facts[0]?.[1] ?? ""}`.trim(), Author: "Partshop", CreationDate: created },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc, sheet);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, sheet: Sheet): void {
  const left = PAGE.margin;
  const width = doc.page.width - 2 * PAGE.margin;
  doc.font(BOLD).fontSize(20).text(sheet.title, left, PAGE.margin);
  let y = doc.y + 8;
  doc.fontSize(9);
  for (const [label, value] of sheet.facts) {
    doc.font(BOLD).text(label, left, y, { width: 110 });
    doc.font(FONT).text(value, left + 110, y, { width: width - 110 });
    y = doc.y + 2;
  }
  y += 12;
  const half = width / 2 - 10;
  const block = (heading: string, lines: string[], x: number) => {
    doc.font(BOLD).text(heading, x, y, { width: half });
    doc.font(FONT).text(lines.join("\n"), x, doc.y + 2, { width: half });
    return doc.y;
  };
  y = Math.max(block("Seller", sheet.seller, left), block("Bill to", sheet.buyer, left + width / 2 + 10)) + 18;
  y = drawTable(doc, sheet.table, left, y);
  if (sheet.taxSummary && sheet.taxSummary.rows.length) {
    y = ensureRoom(doc, y + 14, 40);
    doc.font(BOLD).text("Tax summary", left, y);
    y = drawTable(doc, sheet.taxSummary, left, doc.y + 4);
  }
  y = ensureRoom(doc, y + 14, 16 * sheet.totals.length);
  sheet.totals.forEach(([label, amount], index) => {
    const last = index === sheet.totals.length - 1;
    doc.font(last ? BOLD : FONT).fontSize(last ? 11 : 9);
    doc.text(label, left + width - 300, y, { width: 200, align: "right" });
    doc.text(amount, left + width - 95, y, { width: 95, align: "right" });
    y = doc.y + 3;
  });
  doc.font(FONT).fontSize(8);
  y = ensureRoom(doc, y + 16, 12 * sheet.notes.length);
  for (const note of sheet.notes) {
    doc.text(note, left, y, { width });
    y = doc.y + 2;
  }
}

/** A new page when fewer than `needed` points are left below `y`; the y to draw at. */
function ensureRoom(doc: PDFKit.PDFDocument, y: number, needed: number): number {
  if (y + needed <= doc.page.height - PAGE.margin) return y;
  doc.addPage();
  return PAGE.margin;
}

/** A table from `y`, its header repeated on each page; answers the y below it. */
function drawTable(doc: PDFKit.PDFDocument, table: SheetTable, left: number, y: number): number {
  const cells = (texts: string[], font: string, at: number) => {
    doc.font(font).fontSize(8);
    let x = left;
    let bottom = at;
    texts.forEach((text, index) => {
      const column = table.columns[index];
      doc.text(text, x, at, { width: column.width - 4, align: column.right ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    return bottom + 3;
  };
  const tableWidth = table.columns.reduce((sum, column) => sum + column.width, 0);
  const header = (at: number) => {
    const below = cells(
      table.columns.map((column) => column.label),
      BOLD,
      at,
    );
    doc
      .moveTo(left, below - 1)
      .lineTo(left + tableWidth, below - 1)
      .lineWidth(0.5)
      .stroke();
    return below + 2;
  };
  y = header(ensureRoom(doc, y, 40));
  for (const row of table.rows) {
    const height = Math.max(
      ...row.map((text, index) =>
        doc
          .font(FONT)
          .fontSize(8)
          .heightOfString(text, { width: table.columns[index].width - 4 }),
      ),
    );
    if (y + height > doc.page.height - PAGE.margin) y = header(ensureRoom(doc, doc.page.height, 40));
    y = cells(row, FONT, y);
  }
  return y;
}
