import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/*
 * The REST contract: every answer a test receives through rest() or restAt() is checked against
 * the shop's own /openapi.json (the operation for its method and path, the response for its
 * status, the media type of its body, the JSON schema of that body, its required headers). A
 * mismatch fails the test that made the request, so the document cannot drift from the server.
 * Answers to what the document does not describe (GraphQL, the web app, unknown paths) are not
 * checked. REST_CONTRACT=off turns the check off while debugging something else.
 */

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, OpenApiResponse> }>>;
}
interface OpenApiResponse {
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, { required?: boolean; schema?: { type?: string } }>;
}

interface Contract {
  ajv: Ajv2020;
  /** Path templates, most specific first ("/admin/orders.csv" before "/admin/{email}"). */
  paths: Array<{ template: string; pattern: RegExp }>;
  document: OpenApiDocument;
  validators: Map<string, ValidateFunction>;
}

const contracts = new Map<string, Contract>();

const pointer = (...segments: string[]) =>
  segments.map((segment) => segment.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

async function contractOf(baseUrl: string): Promise<Contract | null> {
  const known = contracts.get(baseUrl);
  if (known) return known;
  const response = await fetch(`${baseUrl}/openapi.json`).catch(() => null);
  // A shop that is closing or gone answers nothing to check against (and its answers say so).
  if (!response || response.status !== 200) return null;
  const document = (await response.json()) as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, "openapi");
  const paths = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}/g, "[^/]+")}$`),
    }))
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  const contract = { ajv, paths, document, validators: new Map() };
  contracts.set(baseUrl, contract);
  return contract;
}

/** What a test received: the status, the headers and the body (parsed JSON, or the text). */
export interface ReceivedAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Throws, saying what differs, when an answer of a documented REST operation does not match the document. */
export async function assertMatchesContract(
  baseUrl: string,
  method: string,
  url: string,
  answer: ReceivedAnswer,
): Promise<void> {
  if (process.env.REST_CONTRACT === "off" || method === "HEAD" || method === "OPTIONS") return;
  const contract = await contractOf(baseUrl);
  if (!contract) return;
  const path = new URL(url, "http://shop").pathname;
  const template = contract.paths.find((candidate) => candidate.pattern.test(path))?.template;
  const operation = template ? contract.document.paths[template][method.toLowerCase()] : undefined;
  if (!template || !operation) return;
  const where = `${method} ${url} (${method} ${template} in /openapi.json) answered ${answer.status}`;
  const documented = operation.responses[String(answer.status)];
  if (!documented)
    throw new Error(
      `${where}, a status the document does not list (it lists ${Object.keys(operation.responses).join(", ")}): ${preview(answer.body)}`,
    );
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    if (header.required && !answer.headers.has(name))
      throw new Error(`${where} without its ${name} header, which the document requires`);
  }
  const mediaType = answer.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  const hasBody = answer.body !== "" && answer.body !== undefined && answer.body !== null;
  if (!documented.content) {
    if (hasBody) throw new Error(`${where} with a body, where the document says none: ${preview(answer.body)}`);
    return;
  }
  if (!mediaType || !documented.content[mediaType]) {
    throw new Error(
      `${where} as ${mediaType ?? "no content type"}, where the document lists ${Object.keys(documented.content).join(", ")}`,
    );
  }
  if (mediaType !== "application/json") return;
  const key = pointer(
    "paths",
    template,
    method.toLowerCase(),
    "responses",
    String(answer.status),
    "content",
    mediaType,
    "schema",
  );
  let validate = contract.validators.get(key);
  if (!validate) {
    validate = contract.ajv.compile({ $ref: `openapi#/${key}` });
    contract.validators.set(key, validate);
  }
  if (!validate(answer.body)) {
    const problems = (validate.errors ?? []).map(
      (error) =>
        `${error.instancePath || "(the body)"} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ""}`,
    );
    throw new Error(
      `${where} with a body that does not match the document:\n  ${problems.join("\n  ")}\nbody: ${preview(answer.body)}`,
    );
  }
}

const preview = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body)).slice(0, 600);
