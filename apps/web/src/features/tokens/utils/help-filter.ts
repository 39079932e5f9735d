import type { TokenColumn, TokenFunction } from '@meridian/contracts';

const matches = (query: string, ...texts: string[]) => {
  const needle = query.trim().toLowerCase();
  return needle === '' || texts.some((text) => text.toLowerCase().includes(needle));
};

/** Functions whose name or description holds the search; names first. */
export function filterFunctions(functions: readonly TokenFunction[], query: string): TokenFunction[] {
  const found = functions.filter((fn) => matches(query, fn.name, fn.description));
  const needle = query.trim().toLowerCase();
  return needle === ''
    ? found
    : [...found].sort(
        (a, b) =>
          Number(!a.name.toLowerCase().includes(needle)) - Number(!b.name.toLowerCase().includes(needle)),
      );
}

export function filterColumns(columns: readonly TokenColumn[], query: string): TokenColumn[] {
  return columns.filter((column) => matches(query, column.name, column.display, column.variable));
}

/** What clicking a person field inserts: its value, ready to use in the code. */
export const fieldSnippet = (column: TokenColumn) => `{{ ${column.variable} }}`;

/** What clicking a function inserts: its sample, complete code to adapt, else its syntax. */
export const insertTextOf = (fn: TokenFunction) => (fn.sample.trim() === '' ? fn.syntax : fn.sample);
