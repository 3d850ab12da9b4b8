/** What the local harness (dev/) and tools use of the shop. */
export { loadConfig, readEnvFile, ConfigError, type Config } from "./config";
export { startShop, type RunningShop } from "./shop";
export { Lifecycle } from "./lifecycle";
