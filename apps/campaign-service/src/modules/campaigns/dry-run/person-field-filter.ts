import { Injectable } from '@nestjs/common';
import { personVariables } from '../../assets/personalisation/personalisation.service';
import { PersonsService } from '../../contacts/persons/persons.service';
import { compareValue } from '../journey/compare';
import type { PersonFilter } from '../journey/journey.types';

export class UnsupportedFilterError extends Error {}

/**
 * Branch by filter over person fields: every condition must hold. It loads the batch once and
 * compares with the branch comparison; the audience compiler replaces it (same interface) and
 * adds the activity and membership filters.
 */
@Injectable()
export class PersonFieldFilter {
  constructor(private readonly persons: PersonsService) {}

  /** Bound to one organisation: a person of another organisation never matches. */
  forOrganisation(organisationId: string, now: Date): PersonFilter {
    return {
      matchesFilter: async (personIds, conditions) => {
        const other = conditions.find((condition) => (condition.filter_type || 'person') !== 'person');
        if (other) throw new UnsupportedFilterError(`${other.filter_type} filters are not supported yet`);
        const rows = await this.persons.findMany(organisationId, [...new Set(personIds)]);
        return rows
          .filter((row) => {
            const variables = personVariables(row);
            return conditions.every((condition) => compareValue(variables[condition.filter], condition, now));
          })
          .map((row) => row.id);
      },
    };
  }
}
