import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
/** pdf.js's fonts for the 14 standard PDF fonts (Helvetica...), which a PDF may use without embedding them. */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** The text of every page of a PDF, as pdf.js reads it: each page's runs joined by spaces, pages by new lines. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // The legacy build runs on Node 20 (the modern one wants newer built-ins).
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    return pages.join("\n");
  } finally {
    await document.destroy();
  }
}
