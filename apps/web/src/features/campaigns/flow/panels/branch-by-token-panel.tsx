import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { BRANCH_TOKEN_TYPES, tokenOperandType, tokenOperators } from './condition-operators';
import {
  BranchConditions,
  readBranchConditions,
  retypeConditions,
  withConditions,
} from './branch-conditions';
import { SourceStatus } from './panel-parts';
import { type TokenOption, useTokenOptions } from './panel-sources';
import type { StepPanelProps } from './types';
import { useStepErrors } from './use-step-errors';

/** Spec 5: only tokens of these types can be compared, so only they are offered. */
export const branchableTokens = (tokens: readonly TokenOption[]) =>
  tokens.filter((token) => BRANCH_TOKEN_TYPES.includes(token.return_type));

/** Branch by token: each condition on the token's value opens a branch; the rest take the default. */
export function BranchByTokenPanel(props: StepPanelProps) {
  // One step's touched fields and selected condition never carry over to the next step shown.
  return <BranchByTokenPanelBody key={props.node.action_id} {...props} />;
}

function BranchByTokenPanelBody(props: StepPanelProps) {
  const { options, onChange, readOnly } = props;
  const errors = useStepErrors(props);
  const tokens = useTokenOptions();
  const offered = branchableTokens(tokens.data ?? []);
  const name = typeof options.token === 'string' ? options.token : '';
  const token = offered.find((item) => item.name === name);
  const operandType = token ? tokenOperandType(token.return_type) : null;
  const operators = tokenOperators(token?.return_type);
  const data = offered.map((item) => ({ value: item.name, label: item.name }));
  if (name && !token) data.push({ value: name, label: name });

  const pick = (next: TokenOption) => {
    errors.touch('token');
    const conditions = retypeConditions(
      readBranchConditions(options),
      operandType,
      tokenOperandType(next.return_type),
      tokenOperators(next.return_type),
    );
    onChange(withConditions({ ...options, token: next.name }, conditions));
  };

  return (
    <Stack gap="md">
      <SourceStatus
        what="tokens"
        pending={tokens.isPending}
        failed={tokens.isError}
        onRetry={() => void tokens.refetch()}
      />
      <Select
        label="Token"
        description="Text, number, date and true/false tokens can be compared."
        placeholder="Select a token"
        searchable
        nothingFoundMessage="No tokens available"
        data={data}
        value={name || null}
        onChange={(value) => {
          const next = offered.find((item) => item.name === value);
          if (next) pick(next);
        }}
        onBlur={() => errors.touch('token')}
        error={errors.at('token')}
        readOnly={readOnly}
        allowDeselect={false}
        renderOption={({ option }) => (
          <Group justify="space-between" wrap="nowrap" w="100%">
            <Text size="sm">{option.label}</Text>
            <Badge size="xs" variant="light" color="gray">
              {offered.find((item) => item.name === option.value)?.return_type}
            </Badge>
          </Group>
        )}
      />
      {token && (
        <Text size="xs" c="dimmed">
          Returns {token.return_type}
        </Text>
      )}
      <BranchConditions
        options={options}
        onChange={onChange}
        errors={errors}
        operand={name}
        operandType={operandType}
        operators={operators}
        blockedReason={token ? undefined : 'Select a token to add conditions.'}
        readOnly={readOnly}
      />
    </Stack>
  );
}
