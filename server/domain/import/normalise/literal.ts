// Reading the object literals found in `working_hours` and `about` cells. Most are JSON; some were
// written by Python (single quotes, True/False/None) and some went through a CSV round trip that
// doubled every quote. JSON.parse handles the common case fast; this small reader handles the rest.

export type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

/** Cells longer than this are not parsed at all: no export writes them, an attacker might. */
const MAX_LITERAL_LENGTH = 100_000;
const MAX_DEPTH = 8;
const DOUBLED_QUOTES_START = /^[{[]\s*""/;
const DOUBLED_QUOTE = /""/g;

/** Parses a JSON or Python-style literal. Returns undefined when the text is not one. */
export function parseLiteral(text: string): Literal | undefined {
  if (text.length > MAX_LITERAL_LENGTH) return undefined;
  let source = text;
  // A CSV round trip leaves `{""Monday"": ""9AM-5PM""}`: undo the doubling before anything else.
  if (DOUBLED_QUOTES_START.test(source)) source = source.replace(DOUBLED_QUOTE, '"');
  // Decide by the first quote so a Python literal never pays for a failed JSON.parse first.
  const firstQuote = firstQuoteChar(source);
  if (firstQuote !== "'") {
    try {
      return JSON.parse(source) as Literal;
    } catch {
      // Fall through: JSON with trailing commas or True/False still reads below.
    }
  }
  return new LiteralReader(source).read();
}

function firstQuoteChar(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") return c;
  }
  return undefined;
}

const BAREWORDS: ReadonlyMap<string, Literal> = new Map<string, Literal>([
  ['true', true],
  ['True', true],
  ['false', false],
  ['False', false],
  ['null', null],
  ['None', null],
]);
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const BAREWORD = /[A-Za-z]+/y;

/** A recursive-descent reader for {…}, […], '…'/"…" strings, numbers and Python/JSON barewords. */
class LiteralReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  read(): Literal | undefined {
    try {
      const value = this.value(0);
      this.skipSpace();
      return this.pos === this.text.length ? value : undefined;
    } catch {
      return undefined;
    }
  }

  private value(depth: number): Literal {
    if (depth > MAX_DEPTH) throw new Error('too deep');
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"' || c === "'") return this.string(c);
    NUMBER.lastIndex = this.pos;
    const number = NUMBER.exec(this.text);
    if (number) {
      this.pos += number[0].length;
      return Number(number[0]);
    }
    BAREWORD.lastIndex = this.pos;
    const word = BAREWORD.exec(this.text);
    if (word && BAREWORDS.has(word[0])) {
      this.pos += word[0].length;
      return BAREWORDS.get(word[0]) as Literal;
    }
    throw new Error(`unexpected character at ${this.pos}`);
  }

  private object(depth: number): { [key: string]: Literal } {
    this.pos++; // {
    // Null prototype: a key named __proto__ stays an ordinary key and pollutes nothing.
    const result: { [key: string]: Literal } = Object.create(null);
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return result;
      }
      const quoteChar = this.text[this.pos];
      if (quoteChar !== '"' && quoteChar !== "'") throw new Error('expected a key');
      const key = this.string(quoteChar);
      this.skipSpace();
      if (this.text[this.pos] !== ':') throw new Error('expected :');
      this.pos++;
      result[key] = this.value(depth + 1);
      this.afterItem('}');
    }
  }

  private array(depth: number): Literal[] {
    this.pos++; // [
    const result: Literal[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ']') {
        this.pos++;
        return result;
      }
      result.push(this.value(depth + 1));
      this.afterItem(']');
    }
  }

  /** After an item: a comma (a trailing one is fine, Python allows it) or the closing bracket. */
  private afterItem(close: string): void {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === ',') this.pos++;
    else if (c !== close) throw new Error(`expected , or ${close}`);
  }

  private string(quoteChar: string): string {
    this.pos++; // opening quote
    let out = '';
    let start = this.pos;
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) throw new Error('unterminated string');
      if (c === quoteChar) {
        out += this.text.slice(start, this.pos);
        this.pos++;
        return out;
      }
      if (c === '\\') {
        out += this.text.slice(start, this.pos);
        out += this.escape();
        start = this.pos;
        continue;
      }
      this.pos++;
    }
  }

  private escape(): string {
    const c = this.text[this.pos + 1];
    this.pos += 2;
    switch (c) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'u':
        return this.hex(4);
      case 'x':
        return this.hex(2);
      case undefined:
        throw new Error('unterminated escape');
      default:
        return c; // \\ \' \" \/ and anything Python would keep
    }
  }

  private hex(length: number): string {
    const digits = this.text.slice(this.pos, this.pos + length);
    if (digits.length !== length || !/^[0-9a-fA-F]+$/.test(digits)) throw new Error('bad escape');
    this.pos += length;
    return String.fromCharCode(Number.parseInt(digits, 16));
  }

  private skipSpace(): void {
    while (this.pos < this.text.length) {
      const code = this.text.charCodeAt(this.pos);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return;
      this.pos++;
    }
  }
}

/** True for a plain object produced by either parser (not an array, not null). */
export function isRecord(value: Literal | undefined): value is { [key: string]: Literal } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
