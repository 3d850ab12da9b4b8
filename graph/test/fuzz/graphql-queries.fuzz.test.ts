import { fuzzRootFields } from "./support/graphql-fuzz";

// Every Query root field of the running shop, fuzzed (support/graphql-fuzz.ts).
await fuzzRootFields("query");
