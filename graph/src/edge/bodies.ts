import type { FastifyInstance, FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";
import { ShopError } from "../domain/errors";

/** How a route takes its body (set from its declaration in edge/rest.ts). */
export interface BodySettings {
  /** The exact bytes (a signed webhook), whatever the content type. */
  rawBody?: boolean;
  /** Left unread for the handler (a multipart upload). */
  streamBody?: boolean;
  /** An HTML form's fields are taken too (urlencoded), beside JSON. */
  formBody?: boolean;
}

const UTF8_OR_NONE = /^\s*(utf-?8)?\s*$/i;

const settingsOf = (request: FastifyRequest) => (request.routeOptions.config ?? {}) as BodySettings;
const tooLarge = (limit: number) =>
  new ShopError("PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${Math.round(limit / 1024)} kB`);

/**
 * Before refusing a request whose body is still coming (an upload), reads it to the end and drops
 * it: a client still sending when the answer comes may see a broken pipe instead of the answer.
 * Anything over four times the route's limit is not read: the connection closes after the answer.
 */
export async function drainUnread(
  request: FastifyRequest,
  reply: { header(name: string, value: string): unknown },
): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  if (Number(request.headers["content-length"] ?? 0) > 4 * (request.routeOptions.bodyLimit ?? 0)) {
    reply.header("connection", "close");
    return;
  }
  await new Promise<void>((resolve) => {
    raw.once("end", resolve).once("error", resolve).once("close", resolve);
    raw.resume();
  });
}

/** How much of a refused body is still read (and dropped) so that its sender gets the answer. */
const DRAIN_CAP = 16 * 1024 * 1024;

/**
 * Refuses a body over the limit once it has been read to its end and dropped: closing on a client
 * that is still sending makes it see a broken pipe instead of the 413 (about one in thirty 3 MB
 * bodies did). A body beyond DRAIN_CAP is refused at once.
 */
function refuseWhenDrained(payload: NodeJS.ReadableStream, limit: number, alreadyRead: number): Promise<never> {
  const refusal = tooLarge(limit);
  return new Promise((_, reject) => {
    let read = alreadyRead;
    const refuse = () => {
      payload.removeAllListeners("data");
      payload.resume();
      reject(refusal);
    };
    if (read > DRAIN_CAP) return refuse();
    payload.removeAllListeners("data");
    payload.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_CAP) refuse();
    });
    payload.once("end", refuse).once("error", refuse).once("close", refuse);
    payload.resume();
  });
}

/** Reads a body up to `limit` bytes; compressed bodies are refused (the shop's clients never send them). */
function readBody(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const encoding = request.headers["content-encoding"];
  if (encoding !== undefined && encoding !== "identity")
    return Promise.reject(new ShopError("UNSUPPORTED_MEDIA_TYPE", "Unsupported body encoding"));
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit) return refuseWhenDrained(payload, limit, declared > DRAIN_CAP ? declared : 0);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    payload.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      refused = true;
      chunks.length = 0;
      refuseWhenDrained(payload, limit, size).catch(reject);
    });
    payload.on("end", () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    payload.on("error", () => reject(new ShopError("BAD_USER_INPUT", "The request body could not be read")));
  });
}

function parseJson(request: FastifyRequest, bytes: Buffer): unknown {
  const charset = /charset=("?)([^";]*)\1/i.exec(request.headers["content-type"] ?? "")?.[2] ?? "";
  if (!UTF8_OR_NONE.test(charset))
    throw new ShopError("UNSUPPORTED_MEDIA_TYPE", "Unsupported body encoding: send JSON as UTF-8");
  if (bytes.length === 0) return undefined;
  try {
    // "__proto__" and "constructor.prototype" keys are dropped, as any unknown field is.
    return secureJson.parse(bytes.toString("utf8"), undefined, { protoAction: "remove", constructorAction: "remove" });
  } catch {
    throw new ShopError("BAD_USER_INPUT", "The request body is not valid JSON");
  }
}

/** An HTML form's fields (UTF-8, urlencoded): each field's first value, as text. */
function parseForm(bytes: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(bytes.toString("utf8"))) {
    if (name === "__proto__" || name === "constructor" || name === "prototype" || Object.hasOwn(fields, name)) continue;
    fields[name] = value;
  }
  return fields;
}

/**
 * Bodies: JSON (UTF-8) for the API; an HTML form's fields where a route takes forms; the raw bytes for routes that sign them; the stream itself for
 * uploads. A body of any other type is read (within the limit) and ignored, so the route answers
 * what is missing (and Apollo refuses a text/plain POST as a possible CSRF).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parser = (json: boolean) => async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const settings = settingsOf(request);
    if (settings.streamBody) return undefined;
    const bytes = await readBody(request, payload, request.routeOptions.bodyLimit ?? 0);
    if (settings.rawBody) return bytes;
    return json ? parseJson(request, bytes) : undefined;
  };
  app.addContentTypeParser("application/json", parser(true));
  app.addContentTypeParser(/^application\/[\w.+-]+\+json$/, parser(true));
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const bytes = await readBody(request, payload, request.routeOptions.bodyLimit ?? 0);
      return settingsOf(request).formBody ? parseForm(bytes) : undefined;
    },
  );
  app.addContentTypeParser("*", parser(false));
}
