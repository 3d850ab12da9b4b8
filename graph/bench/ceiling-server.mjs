// The ceiling: a bare node:http server answering the bytes it reads on stdin (the shop's own
// GET /parts body) from memory. Whatever the shop does on top of this is what it costs.
// Usage: node ceiling-server.mjs <port> <content-type>  (body on stdin; prints "ready").
import http from "node:http";

const [port, contentType] = process.argv.slice(2);
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  const body = Buffer.concat(chunks);
  const headers = { "content-type": contentType, "content-length": String(body.length) };
  http
    .createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    })
    .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
});
process.on("SIGTERM", () => process.exit(0));
