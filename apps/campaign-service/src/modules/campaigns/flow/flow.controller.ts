import { Controller } from '@nestjs/common';
import {
  flowActionAddContract,
  flowActionRemoveContract,
  flowActionUpdateContract,
  type ParsedRequestOf,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { FlowService } from './flow.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class FlowController {
  constructor(private readonly flows: FlowService) {}

  @Endpoint(flowActionAddContract)
  add(@Auth() auth: RequestContext, @Input() input: In<typeof flowActionAddContract>) {
    return this.flows.add(auth, input.campaign_id, input);
  }

  @Endpoint(flowActionRemoveContract)
  remove(@Auth() auth: RequestContext, @Input() input: In<typeof flowActionRemoveContract>) {
    return this.flows.remove(auth, input.campaign_id, input.action_id);
  }

  @Endpoint(flowActionUpdateContract)
  update(@Auth() auth: RequestContext, @Input() input: In<typeof flowActionUpdateContract>) {
    return this.flows.update(auth, input.campaign_id, input.action_id, input.action_options);
  }
}
