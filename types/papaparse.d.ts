/**
 * The part of papaparse's API that domain/ uses, for the programs that must not see Node's
 * globals (tsconfig.domain.json, tsconfig.src.json, tsconfig.sw.json map 'papaparse' here).
 * @types/papaparse references Node's types (for its stream overloads), which would make
 * `process`, `Buffer` and the rest visible to every file of those programs. tsconfig.node.json
 * and tsconfig.tests.json check the same code against the full @types/papaparse.
 */
export interface ParseError {
  type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
  code: string;
  message: string;
  row?: number;
}

export interface ParseMeta {
  delimiter: string;
  linebreak: string;
  aborted: boolean;
  truncated: boolean;
  cursor: number;
  fields?: string[];
}

export interface ParseResult<T> {
  data: T[];
  errors: ParseError[];
  meta: ParseMeta;
}

export interface ParseConfig {
  delimiter?: string;
  newline?: string;
  quoteChar?: string;
  header?: false;
  skipEmptyLines?: boolean | 'greedy';
}

declare const Papa: {
  parse<T>(input: string, config?: ParseConfig): ParseResult<T>;
};

export default Papa;
