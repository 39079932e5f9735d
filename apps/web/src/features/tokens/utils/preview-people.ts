import type { CampaignContext } from '@meridian/contracts';
import type { PersonSelection } from '@/components/person-lookup';

export interface PreviewPerson {
  key: number;
  /** null while the email is empty, invalid, being looked up, or matches nobody. */
  selection: PersonSelection | null;
}

/** The selections to preview for, or null while any person is not found yet (spec 5). */
export function previewPeople(people: readonly PreviewPerson[]): PersonSelection[] | null {
  if (people.length === 0) return null;
  const selections = people.map((person) => person.selection);
  return selections.every((selection): selection is PersonSelection => selection !== null)
    ? selections
    : null;
}

/** One preview call has one context: org only when every person is previewed as an org user. */
export function previewContext(selections: readonly PersonSelection[]): CampaignContext {
  return selections.length > 0 && selections.every((s) => s.campaign_context === 'org') ? 'org' : 'person';
}
