// postgres-date 2 ships no types: a timestamp as PostgreSQL prints it, to a Date (±Infinity for infinity, null when unreadable).
declare module "postgres-date" {
  function parseDate(text: string): Date | number | null;
  export = parseDate;
}
