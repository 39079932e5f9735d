import { NumberInput, Select, TextInput } from '@mantine/core';
import type { TokenReturnType } from '@meridian/contracts';
import { BOOLEAN_OPTIONS, fallbackInputFor } from '../utils/fallback';

export interface FallbackInputProps {
  type: TokenReturnType | null;
  value: string;
  onChange: (value: string) => void;
}

const LABEL = 'Fallback value';
const DESCRIPTION = 'Used when the code fails or gives nothing for a contact.';

/** The fallback (default value) input, by the token's type (spec 5 "Token"). */
export function FallbackInput({ type, value, onChange }: FallbackInputProps) {
  switch (fallbackInputFor(type)) {
    case 'text':
      return (
        <TextInput
          label={LABEL}
          description={DESCRIPTION}
          placeholder="e.g. there"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          size="md"
          label={LABEL}
          description={DESCRIPTION}
          placeholder="e.g. 0"
          value={value}
          onChange={(next) => onChange(String(next))}
        />
      );
    case 'date':
      return (
        <TextInput
          type="date"
          label={LABEL}
          description={DESCRIPTION}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'boolean':
      return (
        <Select
          size="md"
          label={LABEL}
          description={DESCRIPTION}
          placeholder="True or False"
          data={BOOLEAN_OPTIONS}
          value={value === '' ? null : value}
          onChange={(next) => onChange(next ?? '')}
          allowDeselect={false}
        />
      );
    case 'none':
      return (
        <TextInput
          label={LABEL}
          description="Lists and maps fall back to empty."
          value=""
          placeholder="Empty"
          disabled
          readOnly
        />
      );
  }
}
