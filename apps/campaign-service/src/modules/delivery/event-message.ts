/** A campaign message with what its email events and activity rows name (tracking and SES). */
export interface EventMessage {
  id: string;
  organisation_id: string;
  campaign_id: string;
  campaign_name: string;
  campaign_context: 'person' | 'org';
  run_id: string;
  action_id: string;
  template_id: string | null;
  template_name: string | null;
  person_id: string;
  email: string;
  /** The product org the person was sent to as (org context), from the run's audience. */
  org_id: string | null;
  message_id: string;
  /** When the message was created: its events' message_created_at. */
  created_at: Date;
}

/** The fields every email event of a message carries. */
export function messageFields(message: EventMessage, at: Date) {
  return {
    organisation_id: message.organisation_id,
    campaign_id: message.campaign_id,
    campaign_name: message.campaign_name,
    run_id: message.run_id,
    action_id: message.action_id,
    template_id: message.template_id,
    template_name: message.template_name,
    person_id: message.person_id,
    email: message.email,
    campaign_context: message.campaign_context,
    org_id: message.org_id,
    message_id: message.message_id,
    occurred_at: at.toISOString(),
    message_created_at: new Date(message.created_at).toISOString(),
  };
}
