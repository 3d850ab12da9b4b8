import http from "node:http";
import fc from "fast-check";
import { shop } from "../../support/client";

/**
 * One HTTP request exactly as it goes on the wire. Sent with node:http rather than fetch, which
 * refuses or rewrites much of what the fuzzer sends (methods, Content-Length, Transfer-Encoding,
 * Host, raw bytes in the path).
 */
export interface HttpRequest {
  method: string;
  /** The request target: path and query, percent-encoded or raw bytes as latin1 characters. */
  path: string;
  /** Header values as latin1 strings (bytes); an array sends the header once per value. */
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** Sent chunked (Transfer-Encoding) instead of with a Content-Length. */
  chunked?: boolean;
  /** How the report names secret header values: the caller behind a real token. */
  shownAuthorization?: string;
  /** How the report shows a body too big to print (an upload: the form with the file summarised). */
  shownBody?: string;
  /**
   * Send only this many body bytes, then wait this long before the rest: an answer that comes in
   * the pause was given without reading the body (`answeredBeforeBodyRead`), whatever the timing.
   */
  pauseAfter?: { bytes: number; ms: number };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: any;
  /** Why there was no answer (the connection failed or timed out); status is then 0. */
  noAnswer?: string;
  /**
   * The server closed the connection while an oversized request was still being sent (a head over
   * node's header limit, a body over the JSON limit): a refusal. (It may well have answered 431,
   * 404 or 413 first, but a reset makes the client's system drop that answer unread.)
   */
  closedOnOversizedRequest?: boolean;
  /** The answer came in the request's pause (`pauseAfter`), before most of the body was sent: the server did not read it. */
  answeredBeforeBodyRead?: boolean;
}

/** The largest JSON body the shop reads (JSON_BODY_LIMIT): a bigger one may be refused by closing the connection. */
export const JSON_BODY_LIMIT = 100 * 1024;

const ANSWER_TIMEOUT_MS = 20_000;
const KEPT_ANSWER_BYTES = 4 * 1024 * 1024;

/** Sends one request on its own connection and reads the whole answer. */
export async function send(request: HttpRequest, timeoutMs = ANSWER_TIMEOUT_MS): Promise<HttpAnswer> {
  const outgoing = openRequest(request);
  const answered = answerOf(outgoing, request, timeoutMs);
  let answeredInPause = false;
  if (request.body !== undefined && request.pauseAfter && request.body.length > request.pauseAfter.bytes) {
    outgoing.write(request.body.subarray(0, request.pauseAfter.bytes));
    const pause = new Promise((resolve) => setTimeout(resolve, request.pauseAfter!.ms, "pause over"));
    answeredInPause = (await Promise.race([answered.then(() => "answered"), pause])) === "answered";
    if (!outgoing.destroyed) outgoing.end(request.body.subarray(request.pauseAfter.bytes));
  } else if (request.body !== undefined && request.chunked) {
    outgoing.write(request.body);
    outgoing.end();
  } else {
    outgoing.end(request.body);
  }
  return { ...(await answered), answeredBeforeBodyRead: answeredInPause };
}

function openRequest(request: HttpRequest): http.ClientRequest {
  const target = new URL(shop().url);
  const headers: Record<string, string | string[]> = { ...request.headers };
  if (request.body !== undefined && !request.chunked && !hasHeader(headers, "content-length"))
    headers["content-length"] = String(request.body.length);
  if (request.chunked) headers["transfer-encoding"] = "chunked";
  try {
    return http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.path,
      headers,
      agent: false,
    });
  } catch (error) {
    // The case itself is not sendable (node refuses it): a defect of the generator, not the server.
    throw new Error(`node:http cannot send this request: ${(error as Error).message}`, { cause: error });
  }
}

/** The answer to a request being sent, or why there is none. */
function answerOf(outgoing: http.ClientRequest, request: HttpRequest, timeoutMs: number): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: HttpAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    outgoing.setTimeout(timeoutMs, () => {
      finish({ status: 0, headers: {}, text: "", json: undefined, noAnswer: `no answer within ${timeoutMs} ms` });
      outgoing.destroy();
    });
    outgoing.on("response", (response) => readAnswer(response).then(finish));
    // The server may answer (431, 413) and close before reading an oversized request: the answer counts, not the broken pipe.
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      const closed = isOversized(request) && ["EPIPE", "ECONNRESET"].includes(error.code ?? "");
      setTimeout(
        () =>
          finish({
            status: 0,
            headers: {},
            text: "",
            json: undefined,
            noAnswer: String(error),
            closedOnOversizedRequest: closed,
          }),
        200,
      );
    });
  });
}

/** Bigger than the server reads before it answers and closes: a head over node's header limit, or a body over the JSON limit. */
export function isOversized(request: HttpRequest): boolean {
  return headBytes(request) > http.maxHeaderSize || (request.body?.length ?? 0) > JSON_BODY_LIMIT;
}

/** The request line and headers as node:http sends them, in bytes (paths and values are latin1 bytes). */
function headBytes(request: HttpRequest): number {
  const lines = [`${request.method} ${request.path} HTTP/1.1`];
  for (const [name, value] of Object.entries(request.headers))
    for (const one of [value].flat()) lines.push(`${name}: ${one}`);
  return Buffer.byteLength(lines.join("\r\n"), "latin1");
}

function readAnswer(response: http.IncomingMessage): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= KEPT_ANSWER_BYTES) chunks.push(chunk);
    });
    const done = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: parseJson(text) });
    };
    response.on("end", done);
    response.on("error", done);
    response.on("aborted", done);
  });
}

function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const hasHeader = (headers: Record<string, unknown>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

/** Text as a header value node:http sends: its UTF-8 bytes as latin1 characters, without the control characters HTTP forbids. */
export const headerSafe = (text: string) =>
  Buffer.from(text, "utf8")
    .toString("latin1")
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, "");

/** JSON as bytes: JSON.stringify escapes lone surrogates (\udXXX), so the bytes are exactly the text. */
export const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value) ?? "", "utf8");

/**
 * The request as a person replays it: method and target, every header (a real token named by its
 * owner instead of printed), and the body as a JSON string literal, or hex when it is not UTF-8.
 */
export function describeRequest(request: HttpRequest): string {
  const lines = [`${visible(request.method)} ${visible(request.path)}`];
  const decoded = decodedQuery(request.path);
  if (decoded) lines.push(`(the query string decoded: ${decoded})`);
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value].flat()) {
      const shown =
        name.toLowerCase() === "authorization" && request.shownAuthorization
          ? request.shownAuthorization
          : visible(one);
      lines.push(`${name}: ${shown}`);
    }
  }
  if (request.chunked) lines.push("transfer-encoding: chunked");
  if (request.body !== undefined)
    lines.push(`body (${request.body.length} bytes): ${request.shownBody ?? describeBody(request.body)}`);
  return lines.join("\n");
}

/** A percent-encoded query string, decoded for a person to read (null when there is none or it does not decode). */
function decodedQuery(path: string): string | null {
  const query = path.split("?")[1];
  if (!query || !query.includes("%")) return null;
  try {
    return visible(
      query
        .split("&")
        .map((pair) => pair.split("=").map(decodeURIComponent).join(" = "))
        .join("  &  "),
    );
  } catch {
    return null;
  }
}

/** A header value or path as sent, or as an escaped literal when it holds bytes outside printable ASCII; long ones shortened. */
function visible(text: string): string {
  const shown = /^[\x20-\x7e]*$/.test(text) ? text : `${escapedLiteral(text)} (latin1 bytes)`;
  return shown.length > 400 ? `${shown.slice(0, 400)}… (${text.length} characters in all)` : shown;
}

function describeBody(body: Buffer): string {
  const text = body.toString("utf8");
  const shown = /^[\x20-\x7e]*$/.test(text)
    ? text
    : Buffer.from(text, "utf8").equals(body)
      ? `as a string literal: ${escapedLiteral(text)}`
      : `hex ${body.toString("hex")}`;
  return shown.length > 3000 ? `${shown.slice(0, 3000)}… (${shown.length} characters)` : shown;
}

/** Text as a double-quoted literal with everything outside printable ASCII escaped: invisible characters become visible. */
export const escapedLiteral = (text: string) =>
  `"${text.replace(/[^\x20-\x7e]|["\\]/g, (character) => (character === '"' || character === "\\" ? `\\${character}` : `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`))}"`;

export function describeAnswer(answer: HttpAnswer): string {
  if (answer.closedOnOversizedRequest)
    return `the connection was closed while the oversized request was sent (${answer.noAnswer})`;
  if (answer.noAnswer) return `no answer: ${answer.noAnswer}`;
  const body = answer.text.length > 1500 ? `${answer.text.slice(0, 1500)}…` : answer.text;
  return `${answer.status} ${answer.headers["content-type"] ?? ""}\n${body}`;
}

/** Makes fast-check print a case as the HTTP request it sends (the shrunk counterexample is then replayable by hand). */
export function printable<T extends { request: HttpRequest }>(value: T): T {
  Object.defineProperty(value, fc.toStringMethod, {
    value: () => `\n${describeRequest(value.request)}\n`,
    enumerable: false,
  });
  return value;
}
