import { flowActionMessages, type FlowGraphErrorCode } from '@meridian/contracts';
import { NotFoundError, ValidationError } from '@meridian/server-kit';

/** A step of this campaign's working flow that is not there (removed meanwhile, or never). */
export class FlowActionNotFoundError extends NotFoundError {
  constructor() {
    super(flowActionMessages.actionNotFound);
  }
}

const branchField = 'link_attributes.branch_id';

/** Maps a refused graph change of an add to the field that caused it. */
export function addPlaceError(code: FlowGraphErrorCode): ValidationError {
  switch (code) {
    case 'action_not_found':
      return new ValidationError({ add_after_action_id: [flowActionMessages.actionNotFound] });
    case 'branch_not_found':
      return new ValidationError({ [branchField]: [flowActionMessages.branchNotFound] });
    case 'branch_required':
      return new ValidationError({ [branchField]: [flowActionMessages.branchRequired] });
    case 'branch_not_allowed':
      return new ValidationError({ [branchField]: [flowActionMessages.branchNotAllowed] });
    case 'flow_too_large':
      return new ValidationError({ flow: [flowActionMessages.flowTooLarge] });
    case 'duplicate_action':
      return new ValidationError({ action_type: [flowActionMessages.actionRequired] });
  }
}
