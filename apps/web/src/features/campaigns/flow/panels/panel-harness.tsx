import { MantineProvider } from '@mantine/core';
import type { ActionType, Campaign } from '@meridian/contracts';
import { tokenColumnsListContract, tokensListAllContract } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { stubApi } from '@/test/api-stub';
import { personColumns, tokenRecords } from './panel-fixtures';
import type { StepPanelProps } from './types';

// jsdom has no layout: a searchable select scrolls its highlighted option into view.
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}

/** Test support: a panel in the state its side panel gives it, with the calls its selects make stubbed. */
export const COLUMNS = tokenColumnsListContract.fullPath;
export const TOKENS = tokensListAllContract.fullPath;

const campaign = {
  campaign_id: '11111111-1111-4111-8111-111111111111',
  name: 'Launch',
  campaign_context: 'person',
} as Campaign;

export interface PanelSetup {
  options?: Record<string, unknown>;
  showErrors?: boolean;
  readOnly?: boolean;
  /** Other answers per API path, such as a failing field list. */
  answers?: Parameters<typeof stubApi>[0];
}

export function renderPanel(
  Panel: ComponentType<StepPanelProps>,
  actionType: ActionType,
  setup: PanelSetup = {},
) {
  const api = stubApi({
    [COLUMNS]: { body: { columns: personColumns, person_org_mapping: 'one_to_one' } },
    [TOKENS]: { body: { records: tokenRecords } },
    ...setup.answers,
  });
  const changes: Record<string, unknown>[] = [];
  const control = { showStep: (_id: string, _options: Record<string, unknown>) => undefined as void };
  function Host() {
    const [options, setOptions] = useState(setup.options ?? {});
    const [stepId, setStepId] = useState('step-1');
    control.showStep = (id, next) => {
      setStepId(id);
      setOptions(next);
    };
    return (
      <Panel
        node={{
          action_id: stepId,
          action_type: actionType,
          action_options: options,
          branch_id: null,
          is_deleted: false,
        }}
        options={options}
        onChange={(next) => {
          changes.push(next);
          setOptions(next);
        }}
        errors={{}}
        showErrors={setup.showErrors ?? false}
        readOnly={setup.readOnly ?? false}
        campaign={campaign}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <Host />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return {
    api,
    changes,
    last: () => changes.at(-1) as Record<string, unknown>,
    /** The side panel switching to another step of the same type. */
    showStep: (id: string, options: Record<string, unknown>) => act(() => control.showStep(id, options)),
  };
}

/** Picks an option of a Mantine select by the select's label, inside `scope` (a row) if given. */
export async function choose(label: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.click(within(scope).getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
