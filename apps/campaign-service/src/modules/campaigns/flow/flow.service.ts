import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  addAction,
  type ActionType,
  emptyFlow,
  type Flow,
  FlowGraphError,
  flowGraphMessages,
  FLOW_MAX_NODES,
  flowSchema,
  FLOW_ROOT,
  newBranchOptions,
  removeAction,
  updateActionOptions,
} from '@meridian/contracts';
import { type RequestContext, ValidationError } from '@meridian/server-kit';
import { CampaignActiveError } from '../campaigns/campaign-drafts.service';
import { CampaignNotFoundError } from '../campaigns/campaigns.errors';
import type { Author } from '../campaigns/campaigns.repository';
import { addPlaceError, FlowActionNotFoundError } from './flow.errors';
import { FlowRepository } from './flow.repository';

export interface AddInput {
  action_type: ActionType;
  add_after_action_id?: string | null;
  branch_id?: string | null;
  link_attributes?: { branch_id?: string | null } | null;
}

/** A stored flow that does not parse is refused, never silently replaced by an empty one. */
function readFlow(stored: unknown): Flow {
  const parsed = flowSchema.safeParse(stored ?? emptyFlow());
  if (!parsed.success) throw new ValidationError({ flow: [flowGraphMessages.notConnected] });
  return parsed.data;
}

/**
 * Removed steps are kept (past runs name them) but the stored list is bounded: past the bound the
 * oldest removed steps of the draft are dropped, so adding and removing can go on for ever.
 */
export function boundRemoved(flow: Flow): Flow {
  let excess = flow.nodes.length - FLOW_MAX_NODES * 2;
  if (excess <= 0) return flow;
  const nodes = flow.nodes.filter((node) => !(node.is_deleted && excess-- > 0));
  return { ...flow, nodes };
}

const authorOf = (auth: RequestContext): Author => ({ id: auth.accountId, name: auth.name ?? auth.email });

/** Step edits of a campaign's working flow (draft_data.flow ?? flow); every edit makes a draft. */
@Injectable()
export class FlowService {
  constructor(private readonly flows: FlowRepository) {}

  async add(auth: RequestContext, campaignId: string, input: AddInput) {
    const actionId = randomUUID();
    const saved = await this.edit(auth, campaignId, (flow) => {
      const after = input.add_after_action_id ?? FLOW_ROOT;
      // The branch of the link out of a branch step; `branch_id` is the older spelling of it.
      const branch = input.link_attributes?.branch_id ?? input.branch_id ?? null;
      const node = {
        action_id: actionId,
        action_type: input.action_type,
        action_options: newBranchOptions(input.action_type, randomUUID),
      };
      try {
        return addAction(flow, { after, branch_id: branch }, node);
      } catch (error) {
        if (error instanceof FlowGraphError) throw addPlaceError(error.code);
        throw error;
      }
    });
    return { ...saved, action_id: actionId };
  }

  remove(auth: RequestContext, campaignId: string, actionId: string) {
    return this.edit(auth, campaignId, (flow) => this.onStep(() => removeAction(flow, actionId)));
  }

  update(auth: RequestContext, campaignId: string, actionId: string, options: Record<string, unknown>) {
    return this.edit(auth, campaignId, (flow) =>
      this.onStep(() => updateActionOptions(flow, actionId, options)),
    );
  }

  private onStep(change: () => Flow): Flow {
    try {
      return change();
    } catch (error) {
      if (error instanceof FlowGraphError && error.code === 'action_not_found')
        throw new FlowActionNotFoundError();
      throw error;
    }
  }

  private async edit(auth: RequestContext, campaignId: string, change: (flow: Flow) => Flow) {
    const done = await this.flows.editDraftFlow(auth.organisationId, campaignId, authorOf(auth), (stored) => {
      const flow = boundRemoved(change(readFlow(stored)));
      return { flow, result: flow };
    });
    if (!done) throw new CampaignNotFoundError();
    if (done === 'active') throw new CampaignActiveError();
    return { flow: done.result, updated_at: done.stamp.updated_at, updated_by: done.stamp.updated_by };
  }
}
