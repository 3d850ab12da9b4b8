// The node + pg ceiling: a bare node:http server with a pg pool answering GET /parts from the same
// SELECT the shop's REST route needs, in the REST shape, with no framework and no ORM: the floor
// cost of a database-backed answer on this machine. Usage: node pg-ceiling-server.mjs <port> <database url>
import http from "node:http";
import pg from "pg";

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const SELECT =
  "SELECT id, name, img, price_cents, available, min_order_quantity, short_desc FROM parts ORDER BY seq LIMIT 1000";

http
  .createServer(async (_req, res) => {
    try {
      const { rows } = await pool.query(SELECT);
      const body = JSON.stringify(
        rows.map((row) => ({
          _id: row.id,
          name: row.name,
          img: row.img,
          price: row.price_cents / 100,
          available: row.available,
          min_order_quantity: row.min_order_quantity,
          short_desc: row.short_desc,
        })),
      );
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => pool.end().then(() => process.exit(0)));
