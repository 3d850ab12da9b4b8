/**
 * Runs an operator's command to its exit code: `main`'s own (0 done, 1 found something to report),
 * or 2 with "Could not <what>: <why>" when it could not run at all.
 */
export function runCommand(main: () => Promise<number>, what: string): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`Could not ${what}: ${error?.message ?? error}`);
      process.exit(2);
    },
  );
}
