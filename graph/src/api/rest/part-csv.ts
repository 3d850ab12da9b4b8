import { Readable, Transform } from "node:stream";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify";
import {
  ExportedPart,
  IMPORT_BATCH_LINES,
  ImportedPart,
  ImportLine,
} from "../../domain/catalogue/part-import-decisions";
import {
  BATTERY_MESSAGE,
  dimensionMessage,
  PRICE_AMOUNT_MESSAGE,
  PART_FIELD_LABELS,
  requiredMessage,
} from "../../domain/catalogue/part-rules";
import { badInput, ShopError } from "../../domain/errors";
import { textProblem } from "../inputs/text";

/*
 * The parts' CSV, as exports write it and imports read it: a header line naming the
 * columns, one part a line, lists separated by semicolons. Parsed and written by csv-parse and
 * csv-stringify (RFC 4180: commas, quotes doubled inside quoted fields, CRLF), as a stream: the
 * file is read a batch of lines at a time and written a page of parts at a time.
 */

/** The columns, in the order an export writes them, with what each holds. */
export const PART_CSV_COLUMNS = {
  part_number: "The manufacturer's part number as printed: a line changes the part with this number, or creates it",
  name: "The part's name",
  price: "Unit price in dollars, at most two decimals (a $ and thousands commas are forgiven)",
  stock: "Units available to order (replaces the stock)",
  min_order_quantity: "Minimum order quantity",
  low_stock_threshold: "Listed as low on stock at or below this many units (10 for a new part when absent)",
  description: "The part's description",
  compatible_models: 'The laptop models it fits, "Brand Model" each, separated by semicolons',
  alternative_numbers: "Numbers it replaces or is also sold as (FRU, OEM), separated by semicolons",
  images:
    "Its images, the main one first, separated by semicolons: http(s) URLs, paths on this shop, or names of images uploaded to it",
  retired: "yes when it is out of the shop (retired), no when on sale",
  weight_grams: "Its weight in grams as it ships, 0 until it is weighed (empty: as it is; a new part 0)",
  length_mm: "Its length in millimetres; length, width and height go together (empty: none)",
  width_mm: "Its width in millimetres (empty: none)",
  height_mm: "Its height in millimetres (empty: none)",
  dangerous_goods: "yes when carriers take it only as dangerous goods, no otherwise (empty: as it is; a new part no)",
  battery_wh: "The watt-hours of the battery it is or holds, at most two decimals (empty: none)",
  tax_category: "standard, reduced or zero (empty: as it is; a new part standard)",
} as const;
export type PartCsvColumn = keyof typeof PART_CSV_COLUMNS;
const COLUMNS = Object.keys(PART_CSV_COLUMNS) as PartCsvColumn[];

/** Other names spreadsheets and ERPs give the columns, as the header may write them. */
const ALIASES: Record<string, PartCsvColumn> = {
  number: "part_number",
  mpn: "part_number",
  sku: "part_number",
  available: "stock",
  quantity: "stock",
  moq: "min_order_quantity",
  minimum_order_quantity: "min_order_quantity",
  short_desc: "description",
  models: "compatible_models",
  fits: "compatible_models",
  alternatives: "alternative_numbers",
  fru: "alternative_numbers",
  image: "images",
  image_url: "images",
  img: "images",
  weight: "weight_grams",
  weight_g: "weight_grams",
  length: "length_mm",
  width: "width_mm",
  height: "height_mm",
  dangerous: "dangerous_goods",
  hazmat: "dangerous_goods",
  watt_hours: "battery_wh",
  wh: "battery_wh",
  tax_class: "tax_category",
};

/** The longest line the reader takes (a line without end is refused, not buffered). */
const MAX_LINE_BYTES = 64 * 1024;
const LIST = /\s*;\s*/;
/**
 * An amount: a $ in front and commas between thousands are forgiven. Whether it is a price (its
 * sign, its size, its cents) is the part rules' to say, as over the API.
 */
const AMOUNT = /^-?\s*\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
const WHOLE = /^\d{1,12}$/;
const YES = /^(yes|y|true|1|retired)$/i;
const NO = /^(no|n|false|0|on sale)$/i;
const YES_NO = { yes: /^(yes|y|true|1)$/i, no: /^(no|n|false|0)$/i };
/** Watt-hours as written: digits, and decimals after a point; their bounds are the part rules'. */
const DECIMAL = /^\d{1,12}(\.\d+)?$/;
/** A text a spreadsheet would run as a formula. */
const FORMULA = /^[=+\-@\t\r]/;

const columnOf = (header: string): PartCsvColumn | null => {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (COLUMNS as string[]).includes(name) ? (name as PartCsvColumn) : (ALIASES[name] ?? null);
};

/** The columns a header line names, in its order; refused when one is unknown, repeated, or part_number is missing. */
export function headerColumns(header: string[]): PartCsvColumn[] {
  const columns = header.map((name) => {
    const column = columnOf(name);
    if (!column)
      throw badInput(
        `The header names a column this shop does not know, "${name.trim()}": the columns are ${COLUMNS.join(", ")}`,
      );
    return column;
  });
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated) throw badInput(`The header names the column ${repeated} twice`);
  if (!columns.includes("part_number"))
    throw badInput(
      `The header needs a part_number column: an import finds each part by its number (the columns are ${COLUMNS.join(", ")})`,
    );
  return columns;
}

/**
 * What a line's cells give: absent columns stay absent (the part keeps those fields); each cell
 * that cannot be read adds a problem naming its column. `imageNamed` turns a file name of an image
 * uploaded with the file into its URL (undefined: not one of them).
 */
function partOfCells(
  columns: PartCsvColumn[],
  cells: string[],
  imageNamed: (name: string) => string | undefined,
): { part: ImportedPart; problems: string[] } {
  const problems: string[] = [];
  const part: ImportedPart = { partNumber: "" };
  columns.forEach((column, index) => {
    // An export writes a formula-like text behind an apostrophe (see writePartCsv): read it back as it was.
    const raw =
      cells[index].startsWith("'") && FORMULA.test(cells[index].slice(1)) ? cells[index].slice(1) : cells[index];
    const text = raw.trim();
    // A cell that is no number at all is the file's problem; the number's bounds are the part rules'.
    const whole = (
      field: "available" | "minOrderQuantity" | "lowStockThreshold" | "weightGrams",
      set: (value: number) => void,
    ) => {
      if (WHOLE.test(text)) set(Number(text));
      else
        problems.push(
          text ? `${PART_FIELD_LABELS[field]} must be a whole number, not "${text}"` : requiredMessage(field),
        );
    };
    switch (column) {
      case "part_number":
        part.partNumber = text;
        break;
      case "name":
        part.name = text;
        break;
      case "description":
        part.shortDesc = text;
        break;
      case "price": {
        if (AMOUNT.test(text)) part.price = Number(text.replace(/[$,\s]/g, ""));
        else problems.push(text ? `${PRICE_AMOUNT_MESSAGE}, not "${text}"` : requiredMessage("price"));
        break;
      }
      case "stock":
        whole("available", (value) => (part.available = value));
        break;
      case "min_order_quantity":
        whole("minOrderQuantity", (value) => (part.minOrderQuantity = value));
        break;
      case "low_stock_threshold":
        // Empty: the part's own (a new part's default).
        if (text) whole("lowStockThreshold", (value) => (part.lowStockThreshold = value));
        break;
      case "compatible_models":
        part.compatibleModels = listOf(text);
        break;
      case "alternative_numbers":
        part.alternativeNumbers = listOf(text);
        break;
      case "images":
        part.images = listOf(text).map((image) => imageNamed(image) ?? image);
        break;
      case "retired":
        // Empty: as the part is (a new part is on sale).
        if (!text) break;
        if (YES.test(text)) part.retired = true;
        else if (NO.test(text)) part.retired = false;
        else problems.push(`Retired must be yes or no, not "${text}"`);
        break;
      case "weight_grams":
        // Empty: as the part is (a new part is not weighed yet).
        if (text) whole("weightGrams", (value) => (part.weightGrams = value));
        break;
      case "length_mm":
      case "width_mm":
      case "height_mm": {
        const field = DIMENSION_OF[column];
        // Empty: none (the export writes none so).
        if (!text) part[field] = null;
        else if (WHOLE.test(text)) part[field] = Number(text);
        else problems.push(`${dimensionMessage(field)}, not "${text}"`);
        break;
      }
      case "dangerous_goods":
        // Empty: as the part is (a new part is not dangerous goods).
        if (!text) break;
        if (YES_NO.yes.test(text)) part.dangerousGoods = true;
        else if (YES_NO.no.test(text)) part.dangerousGoods = false;
        else problems.push(`Dangerous goods must be yes or no, not "${text}"`);
        break;
      case "battery_wh":
        // Empty: no battery.
        if (!text) part.batteryWh = null;
        else if (DECIMAL.test(text)) part.batteryWh = Number(text);
        else problems.push(`${BATTERY_MESSAGE}, not "${text}"`);
        break;
      case "tax_category":
        // Empty: as the part is (a new part is standard); the rules say whether it is a category.
        if (text) part.taxCategory = text.toLowerCase();
        break;
    }
  });
  return { part, problems };
}

const DIMENSION_OF = { length_mm: "lengthMm", width_mm: "widthMm", height_mm: "heightMm" } as const;

const listOf = (text: string) => (text ? text.split(LIST).filter(Boolean) : []);

/** The file's bytes as UTF-8 text, refused (naming where) at the first byte that is not: a file in another encoding would be read wrong. */
function strictUtf8(): Transform {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        const text = decoder.decode(chunk, { stream: true });
        offset += chunk.length;
        done(null, text);
      } catch {
        done(badInput(`The file is not UTF-8 text (a byte near offset ${offset} is not): save it as "CSV UTF-8"`));
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(badInput('The file is not UTF-8 text (it ends inside a character): save it as "CSV UTF-8"'));
      }
    },
  });
}

/** What csv-parse says of a file it cannot read, as a person reads it. */
function fileProblem(error: unknown): Error {
  if (error instanceof ShopError) return error;
  const code = (error as { code?: string })?.code;
  if (error instanceof Error && !code) return error;
  const line = (error as { lines?: number })?.lines;
  const where = line ? ` (line ${line})` : "";
  if (code === "CSV_MAX_RECORD_SIZE")
    return badInput(`A line is longer than ${MAX_LINE_BYTES / 1024} kB${where}: is the file a CSV?`);
  if (code === "CSV_QUOTE_NOT_CLOSED")
    return badInput(`A quoted field is never closed${where}: check the quotes of that line`);
  return badInput(`The file is not valid CSV${where}: ${(error as Error).message}`);
}

/**
 * Reads a parts CSV as it arrives: its header, then its lines in batches of IMPORT_BATCH_LINES for
 * the import. Text the shop refuses anywhere (control characters...), a line with more or fewer
 * cells than the header, and cells that cannot be read are the line's problems; a file that is not
 * CSV, not UTF-8, or whose header is wrong is refused whole (a BAD_USER_INPUT error).
 */
export async function* readPartCsv(
  source: Readable,
  imageNamed: (name: string) => string | undefined = () => undefined,
): AsyncGenerator<ImportLine[]> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: MAX_LINE_BYTES,
  });
  const decoded = source.pipe(strictUtf8());
  // An error of the source or the decoder ends the parser with it.
  source.on("error", (error) => parser.destroy(error));
  decoded.on("error", (error) => parser.destroy(error));
  decoded.pipe(parser);
  let columns: PartCsvColumn[] | null = null;
  let batch: ImportLine[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line =
        info.lines - record.reduce((newlines, cell) => newlines + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      if (columns === null) {
        columns = headerColumns(record);
        continue;
      }
      batch.push(lineOf(line, record, columns, imageNamed));
      if (batch.length >= IMPORT_BATCH_LINES) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    throw fileProblem(error);
  } finally {
    // A reader that stops early (a refusal) leaves nothing reading the request.
    source.unpipe();
    source.resume();
  }
  if (columns === null)
    throw badInput(
      `The file is empty: it needs a header line naming its columns (${COLUMNS.join(", ")}) and a line per part`,
    );
  if (batch.length) yield batch;
}

function lineOf(
  line: number,
  record: string[],
  columns: PartCsvColumn[],
  imageNamed: (name: string) => string | undefined,
): ImportLine {
  if (record.length !== columns.length) {
    return {
      line,
      part: null,
      problems: [
        `The line has ${record.length} fields where the header has ${columns.length}: check its commas and quotes`,
      ],
    };
  }
  const illFormed = record
    .map((cell, index) => [columns[index], textProblem(cell)] as const)
    .find(([, problem]) => problem);
  if (illFormed)
    return {
      line,
      part: { partNumber: record[columns.indexOf("part_number")].trim() },
      problems: [`${illFormed[0]} ${illFormed[1]}`],
    };
  const { part, problems } = partOfCells(columns, record, imageNamed);
  return { line, part, problems };
}

/** A text a spreadsheet would run as a formula, behind an apostrophe (OWASP's advice against CSV injection); imports take it off. */
const inert = (text: string) => (FORMULA.test(text) ? `'${text}` : text);

const cellsOf = (part: ExportedPart): Record<PartCsvColumn, string | number> => ({
  part_number: part.partNumber,
  name: inert(part.name),
  price: part.price.toFixed(2),
  stock: part.available,
  min_order_quantity: part.minOrderQuantity,
  low_stock_threshold: part.lowStockThreshold,
  description: inert(part.shortDesc),
  compatible_models: inert(part.compatibleModels.join("; ")),
  alternative_numbers: part.alternativeNumbers.join("; "),
  images: inert(part.images.join("; ")),
  retired: part.retired ? "yes" : "no",
  weight_grams: part.weightGrams,
  length_mm: part.lengthMm ?? "",
  width_mm: part.widthMm ?? "",
  height_mm: part.heightMm ?? "",
  dangerous_goods: part.dangerousGoods ? "yes" : "no",
  battery_wh: part.batteryWh ?? "",
  tax_category: part.taxCategory,
});

/**
 * The parts as CSV text, written as the pages come (the header first). A text a spreadsheet would
 * run as a formula is written behind an apostrophe, which an import takes off: the file
 * round-trips.
 */
export function writePartCsv(pages: AsyncIterable<ExportedPart[]>): Readable {
  const writer = stringify({ header: true, columns: COLUMNS, record_delimiter: "windows" });
  (async () => {
    for await (const page of pages) {
      for (const part of page)
        if (!writer.write(cellsOf(part))) await new Promise((resolve) => writer.once("drain", resolve));
    }
    writer.end();
  })().catch((error) => writer.destroy(error));
  return writer;
}
