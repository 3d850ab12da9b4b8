/** Writes (or with --check, verifies) the committed schema.graphql from the code. */
import fs from "node:fs";
import path from "node:path";
import { printShopSchema } from "../api/graphql/schema";

const target = path.resolve(__dirname, "..", "..", "..", "schema.graphql");
const sdl = printShopSchema();
if (process.argv.includes("--check")) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (committed !== sdl) {
    console.error("schema.graphql is stale: run `npm run schema -w graph` and commit it");
    process.exit(1);
  }
  console.log("schema.graphql is up to date");
} else {
  fs.writeFileSync(target, sdl);
  console.log(`wrote ${target}`);
}
