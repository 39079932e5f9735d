import type { TokenReturnType } from '@meridian/contracts';

/** How a token's type reads on its badge. */
export const TYPE_LABELS: Record<TokenReturnType, string> = {
  string: 'String',
  number: 'Number',
  datetime: 'Datetime',
  boolean: 'Boolean',
  array: 'Array',
  hashmap: 'Hashmap',
};

export const TYPE_COLORS: Record<TokenReturnType, string> = {
  string: 'blue',
  number: 'teal',
  datetime: 'grape',
  boolean: 'orange',
  array: 'cyan',
  hashmap: 'indigo',
};
