import { AUDIENCE_PREVIEW_LIMIT, type AudienceQuery, type CampaignContext } from '@meridian/contracts';
import { type AudienceFieldDefinition, audienceCondition, unitFrom } from './audience-compiler';
import { Params } from './audience-values';

/** What compiling a query for one organisation needs. */
export interface Scope {
  organisationId: string;
  context: CampaignContext;
  now: Date;
  fields: readonly AudienceFieldDefinition[];
}

/** How many units the query selects (the dynamic list count, the preview's total). */
export function audienceCountSql(query: AudienceQuery, scope: Scope) {
  const params = new Params();
  const condition = audienceCondition(query, scope, params);
  return {
    text: `SELECT count(*) AS count FROM ${unitFrom(scope.context)} WHERE ${condition}`,
    values: params.values,
  };
}

/** The preview's rows: the first by email (spec 9: at most 20). */
export function audiencePreviewSql(query: AudienceQuery, scope: Scope) {
  const params = new Params();
  const condition = audienceCondition(query, scope, params);
  const org = scope.context === 'org' ? 'po.org_id' : 'p.org_id';
  return {
    text: `SELECT p.id, p.email, p.first_name, p.last_name, p.company_name, p.product_user_id, ${org} AS org_id
      FROM ${unitFrom(scope.context)} WHERE ${condition}
      ORDER BY lower(p.email), ${org} LIMIT ${AUDIENCE_PREVIEW_LIMIT}`,
    values: params.values,
  };
}
