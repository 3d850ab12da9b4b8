import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { ImportOutcome } from "../../../domain/catalogue/part-import-decisions";
import { AuditChange } from "./audit.type";

registerEnumType(ImportOutcome, {
  name: "PartImportOutcome",
  description: "What a line of a parts import does",
  valuesConfig: {
    CREATED: { description: "Creates the part its number names" },
    CHANGED: { description: "Changes the part with its number (the fields that differ)" },
    UNCHANGED: { description: "Leaves its part as it is" },
    REFUSED: { description: "Does nothing: its problems say why" },
  },
});

@ObjectType({ description: "One line of a parts import: what it does (or would do, in a dry run) and why" })
export class PartImportLine {
  @Field(() => Int, { description: "Its line in the file (the header is line 1)" })
  line: number;

  @Field(() => String, {
    nullable: true,
    description: "The part number it names (null when the line could not be read)",
  })
  partNumber: string | null;

  @Field(() => String, { nullable: true, description: "The part's name as the line leaves it" })
  name: string | null;

  @Field(() => ImportOutcome, { description: "What it does" })
  outcome: ImportOutcome;

  @Field(() => ID, {
    nullable: true,
    description: "Global id of the part it created or changes (null when refused, or created by a dry run)",
  })
  partId: string | null;

  @Field(() => [AuditChange], { description: "The fields it changes, before and after (a changed line)" })
  changes: AuditChange[];

  @Field(() => [String], { description: "Why it is refused, each naming its field" })
  problems: string[];
}

@ObjectType({ description: "What a parts import did, or would do (a dry run), line by line" })
export class PartImportReport {
  @Field(() => ID, {
    nullable: true,
    description:
      "The import's id in the history (auditLog(importId:)); null for a dry run or an import that changed nothing",
  })
  importId: string | null;

  @Field(() => Boolean, { description: "true: nothing was changed" })
  dryRun: boolean;

  @Field(() => String, { description: "The file's name, as History shows it" })
  fileName: string;

  @Field(() => Int, { description: "Lines read, the header not counted" })
  lines: number;

  @Field(() => Int, { description: "Lines that create a part" })
  created: number;

  @Field(() => Int, { description: "Lines that change a part" })
  changed: number;

  @Field(() => Int, { description: "Lines that leave their part as it is" })
  unchanged: number;

  @Field(() => Int, { description: "Lines refused" })
  refused: number;

  @Field(() => [PartImportLine], {
    description:
      "The refused, created and changed lines in the file's order (at most 1,000; unchanged lines are only counted)",
  })
  shown: PartImportLine[];

  @Field(() => Int, { description: "Refused, created and changed lines beyond those shown" })
  notShown: number;
}
