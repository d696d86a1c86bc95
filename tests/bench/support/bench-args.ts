/** The text after `--name` on a bench's command line, or undefined when the option is not given. */
export function textOption(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}

/** The number after `--name` on a bench's command line, or `fallback` when the option is not given. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const text = textOption(args, name);
  return text === undefined ? fallback : Number(text);
}
