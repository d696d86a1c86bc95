/**
 * JSON read as a strictly typed client reads it (Dart's `jsonDecode`, Jackson into declared types): a number
 * written without a decimal point or exponent is an `int`, any other a `double`; objects keep their keys in the
 * order of the text, as a scraper reading by position sees them. JSON.parse keeps neither distinction.
 */
export type TypedJson =
  | { readonly kind: 'int' | 'double'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'null' }
  | { readonly kind: 'array'; readonly items: readonly TypedJson[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, TypedJson])[] };

export type TypedKind = TypedJson['kind'];

const LITERALS: readonly (readonly [string, TypedJson])[] = [
  ['true', { kind: 'bool', value: true }],
  ['false', { kind: 'bool', value: false }],
  ['null', { kind: 'null' }],
];

export function readTypedJson(text: string): TypedJson {
  let at = 0;
  const skipSpace = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const fail = (what: string): never => {
    throw new Error(`Not JSON: ${what} at ${at} in ${text.slice(Math.max(0, at - 20), at + 20)}`);
  };
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail(`expected ${word}`);
  };
  const stringToken = (): string => {
    const match = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
    if (!match) return fail('bad string');
    at += match[0].length;
    return JSON.parse(match[0]) as string;
  };
  const value = (): TypedJson => {
    skipSpace();
    const next = text[at];
    if (next === '{') {
      at++;
      const entries: (readonly [string, TypedJson])[] = [];
      skipSpace();
      if (text[at] === '}') {
        at++;
        return { kind: 'object', entries };
      }
      for (;;) {
        skipSpace();
        const key = stringToken();
        skipSpace();
        literal(':');
        entries.push([key, value()]);
        skipSpace();
        if (text[at] === '}') {
          at++;
          return { kind: 'object', entries };
        }
        literal(',');
      }
    }
    if (next === '[') {
      at++;
      const items: TypedJson[] = [];
      skipSpace();
      if (text[at] === ']') {
        at++;
        return { kind: 'array', items };
      }
      for (;;) {
        items.push(value());
        skipSpace();
        if (text[at] === ']') {
          at++;
          return { kind: 'array', items };
        }
        literal(',');
      }
    }
    if (next === '"') return { kind: 'string', value: stringToken() };
    for (const [word, json] of LITERALS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return json;
      }
    }
    const number = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(at));
    if (!number) return fail('unexpected character');
    at += number[0].length;
    return { kind: number[1] || number[2] ? 'double' : 'int', text: number[0] };
  };
  const result = value();
  skipSpace();
  if (at !== text.length) fail('trailing text');
  return result;
}

/** The entries of an object, or the items of an array; throws for anything else (a client would too). */
export function entriesOf(json: TypedJson): readonly (readonly [string, TypedJson])[] {
  if (json.kind !== 'object') throw new Error(`expected an object, got ${json.kind}`);
  return json.entries;
}

export function itemsOf(json: TypedJson): readonly TypedJson[] {
  if (json.kind !== 'array') throw new Error(`expected an array, got ${json.kind}`);
  return json.items;
}

export function field(json: TypedJson, name: string): TypedJson {
  const entry = entriesOf(json).find(([key]) => key === name);
  if (!entry) throw new Error(`no field ${name}`);
  return entry[1];
}
