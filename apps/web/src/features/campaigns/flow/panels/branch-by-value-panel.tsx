import { Select, Stack } from '@mantine/core';
import { operatorsFor } from './condition-operators';
import {
  BranchConditions,
  readBranchConditions,
  retypeConditions,
  withConditions,
} from './branch-conditions';
import { SourceStatus } from './panel-parts';
import { type PersonFieldOption, usePersonFieldOptions } from './panel-sources';
import type { StepPanelProps } from './types';
import { useStepErrors } from './use-step-errors';

/** Branch by value: each condition on one person field's value opens a branch; the rest take the default. */
export function BranchByValuePanel(props: StepPanelProps) {
  // One step's touched fields and selected condition never carry over to the next step shown.
  return <BranchByValuePanelBody key={props.node.action_id} {...props} />;
}

function BranchByValuePanelBody(props: StepPanelProps) {
  const { options, onChange, readOnly } = props;
  const errors = useStepErrors(props);
  const fields = usePersonFieldOptions();
  const list = fields.data ?? [];
  const name = typeof options.filter === 'string' ? options.filter : '';
  const field = list.find((item) => item.name === name);
  const data = list.map((item) => ({ value: item.name, label: item.display }));
  if (name && !field) data.push({ value: name, label: name });

  const pick = (next: PersonFieldOption) => {
    errors.touch('filter');
    const conditions = retypeConditions(
      readBranchConditions(options),
      field?.type,
      next.type,
      operatorsFor(next.type),
    );
    onChange(withConditions({ ...options, filter: next.name, filter_type: 'person' }, conditions));
  };

  return (
    <Stack gap="md">
      <SourceStatus
        what="person fields"
        pending={fields.isPending}
        failed={fields.isError}
        onRetry={() => void fields.refetch()}
      />
      <Select
        label="Column"
        description="The person field whose value picks the branch."
        placeholder="Select a field"
        searchable
        nothingFoundMessage="No fields found"
        data={data}
        value={name || null}
        onChange={(value) => {
          const next = list.find((item) => item.name === value);
          if (next) pick(next);
        }}
        onBlur={() => errors.touch('filter')}
        error={errors.at('filter')}
        readOnly={readOnly}
        allowDeselect={false}
      />
      <BranchConditions
        options={options}
        onChange={onChange}
        errors={errors}
        operand={field?.display ?? name}
        operandType={field?.type}
        operators={operatorsFor(field?.type)}
        blockedReason={field ? undefined : 'Select a column to add conditions.'}
        readOnly={readOnly}
      />
    </Stack>
  );
}
