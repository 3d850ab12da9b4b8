import { fuzzRootFields } from "./support/graphql-fuzz";

// Every Mutation root field of the running shop, fuzzed (support/graphql-fuzz.ts).
await fuzzRootFields("mutation");
