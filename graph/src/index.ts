/** What the local harness (dev/) and tools use of the shop. */
// The shop's heap policy holds wherever it runs, `npm start` included (see heap.ts).
import "./heap";
export { loadConfig, readEnvFile, ConfigError, type Config } from "./config";
export { startShop, type RunningShop } from "./shop";
export { Lifecycle } from "./lifecycle";
